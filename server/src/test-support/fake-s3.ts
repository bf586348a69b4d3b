import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { S3Client } from '@aws-sdk/client-s3';
import { s3Client } from '../modules/documents/s3-store';

/**
 * A local S3-compatible server for the document store's tests: path-style PutObject, GetObject,
 * DeleteObjects and ListObjectsV2 on one bucket, answering with S3's own XML and error codes. It
 * refuses a request that is not signed (SigV4) with its access key, a bucket it does not have, and
 * a DeleteObjects without the checksum S3 requires, so the store is tested against S3's rules
 * rather than against the code's own idea of them. Listing pages are small (`pageSize`) so that
 * continuation is exercised.
 */
export type FakeS3 = {
  endpoint: string;
  bucket: string;
  objects: Map<string, { data: Buffer; lastModified: Date }>;
  /** A client signed with the fake's key, as the app's would be from the environment. */
  client(): Promise<S3Client>;
  /** Makes DeleteObjects report these keys as failed (AccessDenied), as a bucket policy would. */
  refuseDeleting(keys: string[]): void;
  /** Deletes everything asked again. */
  acceptDeleting(): void;
  close(): Promise<void>;
};

const ACCESS_KEY = 'AKIAFAKES3TESTKEY';
const SECRET_KEY = 'fake-secret-key-for-tests';

const xmlEscape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const unescape = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

async function body(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function reply(response: ServerResponse, status: number, xml?: string) {
  response.writeHead(status, xml ? { 'content-type': 'application/xml' } : {});
  response.end(xml ? `<?xml version="1.0" encoding="UTF-8"?>${xml}` : undefined);
}

const error = (response: ServerResponse, status: number, code: string, message: string) =>
  reply(response, status, `<Error><Code>${code}</Code><Message>${xmlEscape(message)}</Message></Error>`);

export async function startFakeS3(options: { bucket?: string; pageSize?: number } = {}): Promise<FakeS3> {
  const bucket = options.bucket ?? 'medora-documents';
  const pageSize = options.pageSize ?? 2;
  const objects = new Map<string, { data: Buffer; lastModified: Date }>();
  const refused = new Set<string>();

  const server = createServer((request, response) => {
    void handle(request, response).catch((err: unknown) => error(response, 500, 'InternalError', String(err)));
  });

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const auth = request.headers.authorization ?? '';
    if (!auth.startsWith(`AWS4-HMAC-SHA256 Credential=${ACCESS_KEY}/`) || !request.headers['x-amz-date'])
      return error(response, 403, 'AccessDenied', 'Access Denied');
    const url = new URL(request.url ?? '/', 'http://fake-s3');
    const [, name, ...rest] = url.pathname.split('/');
    if (name !== bucket) return error(response, 404, 'NoSuchBucket', 'The specified bucket does not exist');
    const key = decodeURIComponent(rest.join('/'));
    const data = await body(request);

    if (request.method === 'PUT' && key) {
      objects.set(key, { data, lastModified: new Date() });
      response.writeHead(200, { etag: '"fake"' });
      return response.end();
    }
    if (request.method === 'GET' && key) {
      const object = objects.get(key);
      if (!object) return error(response, 404, 'NoSuchKey', 'The specified key does not exist.');
      response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': object.data.length });
      return response.end(object.data);
    }
    if (request.method === 'POST' && url.searchParams.has('delete')) {
      if (!request.headers['content-md5'] && !Object.keys(request.headers).some((h) => h.startsWith('x-amz-checksum-')))
        return error(response, 400, 'InvalidRequest', 'Missing required header for this request: Content-MD5');
      const keys = [...data.toString('utf8').matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => unescape(m[1]));
      const failed = keys.filter((k) => refused.has(k));
      for (const k of keys) if (!refused.has(k)) objects.delete(k);
      const errors = failed
        .map(
          (k) => `<Error><Key>${xmlEscape(k)}</Key><Code>AccessDenied</Code><Message>Access Denied</Message></Error>`,
        )
        .join('');
      return reply(response, 200, `<DeleteResult>${errors}</DeleteResult>`);
    }
    if (request.method === 'GET' && url.searchParams.get('list-type') === '2') {
      const prefix = url.searchParams.get('prefix') ?? '';
      const all = [...objects.keys()].filter((k) => k.startsWith(prefix)).sort();
      // Like S3's, the token marks a key, not a position: objects deleted meanwhile skip nothing.
      const after = url.searchParams.get('continuation-token');
      const rest = after === null ? all : all.filter((k) => k > after);
      const page = rest.slice(0, pageSize);
      const truncated = rest.length > pageSize;
      const contents = page
        .map((k) => {
          const object = objects.get(k)!;
          return `<Contents><Key>${xmlEscape(k)}</Key><LastModified>${object.lastModified.toISOString()}</LastModified><Size>${object.data.length}</Size></Contents>`;
        })
        .join('');
      return reply(
        response,
        200,
        `<ListBucketResult><Name>${bucket}</Name><Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><IsTruncated>${truncated}</IsTruncated>${truncated ? `<NextContinuationToken>${xmlEscape(page[page.length - 1])}</NextContinuationToken>` : ''}${contents}</ListBucketResult>`,
      );
    }
    return error(response, 405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    endpoint,
    bucket,
    objects,
    client: () =>
      s3Client(
        { kind: 's3', bucket, prefix: '', region: 'us-east-1', endpoint },
        { accessKeyId: ACCESS_KEY, secretAccessKey: SECRET_KEY },
      ),
    refuseDeleting: (keys) => keys.forEach((k) => refused.add(k)),
    acceptDeleting: () => refused.clear(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
