import type { S3Client } from '@aws-sdk/client-s3';
import type { DocumentStoreSettings } from '../../config';
import type { DocumentStore } from './store';

type S3Settings = Extract<DocumentStoreSettings, { kind: 's3' }>;

/** The SDK, loaded when a bucket is configured: a server on the database store never pays for it. */
const sdk = () => import('@aws-sdk/client-s3');

/** DeleteObjects takes at most 1,000 keys a request. */
const DELETE_BATCH = 1000;

/**
 * Documents in a bucket of S3 or an S3-compatible store (MinIO, Ceph, R2…), with the AWS SDK v3.
 * Credentials come from the SDK's usual chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, a
 * profile, the instance's role): never from the URL, so they are never in a log line that prints
 * the configuration. Objects are private: the app reads them and streams them to those allowed.
 */
export async function s3DocumentStore(settings: S3Settings, s3?: S3Client): Promise<DocumentStore> {
  const { DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3ServiceException } =
    await sdk();
  const client = s3 ?? (await s3Client(settings));
  const { bucket, prefix } = settings;
  const objectKey = (key: string) => `${prefix}${key}`;
  return {
    kind: 's3',
    async put(key, data) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: objectKey(key),
          Body: data,
          ContentLength: data.length,
          ContentType: 'application/octet-stream',
        }),
      );
    },
    async get(key) {
      try {
        const reply = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return reply.Body ? Buffer.from(await reply.Body.transformToByteArray()) : null;
      } catch (error) {
        if (
          error instanceof S3ServiceException &&
          (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404)
        )
          return null;
        throw error;
      }
    },
    async delete(keys) {
      for (let i = 0; i < keys.length; i += DELETE_BATCH) {
        const batch = keys.slice(i, i + DELETE_BATCH);
        const reply = await client.send(
          new DeleteObjectsCommand({
            Bucket: bucket,
            Delete: { Objects: batch.map((key) => ({ Key: objectKey(key) })), Quiet: true },
          }),
        );
        // A key that was not there is no error (S3 says Deleted); anything in Errors is.
        if (reply.Errors?.length) {
          const first = reply.Errors[0];
          throw new Error(
            `document store: ${reply.Errors.length} objects not deleted (${first.Code}: ${first.Message})`,
          );
        }
      }
    },
    async *keysBefore(before) {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
        );
        const keys = (page.Contents ?? [])
          .filter((object) => object.Key && object.LastModified && object.LastModified < before)
          .map((object) => object.Key!.slice(prefix.length));
        if (keys.length) yield keys;
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}

/** The client the store uses; `credentials` only where the SDK's chain should not be asked (tests). */
export async function s3Client(settings: S3Settings, credentials?: { accessKeyId: string; secretAccessKey: string }) {
  const { S3Client } = await sdk();
  return new S3Client({
    region: settings.region,
    ...(credentials && { credentials }),
    ...(settings.endpoint && { endpoint: settings.endpoint, forcePathStyle: true }),
    // S3-compatible stores differ in the optional checksums; send them only where S3 requires one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
}
