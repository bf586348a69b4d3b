// One contract, two stores (issue 41): the database (the default) and an S3-compatible bucket, the
// latter against a local server that answers with S3's XML, errors and paging (test-support/fake-s3).
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { fixedClock } from '../../core/clock';
import { createUser } from '../../db/factories';
import { documentBlobs, documents } from '../../db/schema';
import { startFakeS3, type FakeS3 } from '../../test-support/fake-s3';
import { multipartForm } from '../../test-support/multipart';
import { cookieFor, createTestApp, type TestContext } from '../../test-support/test-app';
import { ORPHAN_AFTER_MS, sweepOrphanBytes } from './orphans';
import { s3DocumentStore } from './s3-store';
import { databaseDocumentStore, type DocumentStore } from './store';

let t: TestContext;
let s3: FakeS3;
const clock = fixedClock(new Date());
beforeAll(async () => {
  s3 = await startFakeS3();
  t = await createTestApp({}, { clock });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const stores: [string, () => Promise<DocumentStore>][] = [
  ['database', async () => databaseDocumentStore(t.db)],
  [
    'S3 bucket',
    async () =>
      s3DocumentStore(
        { kind: 's3', bucket: s3.bucket, prefix: 'documents/', region: 'us-east-1', endpoint: s3.endpoint },
        await s3.client(),
      ),
  ],
];
const later = () => new Date(Date.now() + 2 * ORPHAN_AFTER_MS);

describe.each(stores)('the %s store', (_, make) => {
  it('gives back the bytes it was given, nothing for a key it does not have, and deletes what it is asked to', async () => {
    const store = await make();
    const key = `${randomUUID()}/${randomUUID()}`;
    const bytes = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x10, 0x0a]);
    await store.put(key, bytes);
    expect(await store.get(key)).toEqual(bytes);
    expect(await store.get(`${randomUUID()}/nothing`)).toBeNull();
    // A key with nothing stored is no error beside one that has bytes.
    await store.delete([key, `${randomUUID()}/never-stored`]);
    expect(await store.get(key)).toBeNull();
    await store.delete([]);
  });

  it('lists every key written before a time, over several pages', async () => {
    const store = await make();
    const owner = randomUUID();
    const keys = Array.from({ length: 5 }, (_, i) => `${owner}/${i}`);
    for (const key of keys) await store.put(key, Buffer.from(key));
    const listed: string[] = [];
    for await (const page of store.keysBefore(later())) listed.push(...page);
    expect(listed.filter((k) => k.startsWith(owner)).sort()).toEqual(keys);
    const none: string[] = [];
    for await (const page of store.keysBefore(new Date(Date.now() - ORPHAN_AFTER_MS))) none.push(...page);
    expect(none.filter((k) => k.startsWith(owner))).toEqual([]);
    await store.delete(keys);
  });

  it('sweeps the bytes no document names once they are an hour old, and keeps those a document names', async () => {
    const store = await make();
    const patient = await createUser(t.db);
    const named = `${patient.id}/${randomUUID()}`;
    const orphan = `${patient.id}/${randomUUID()}`;
    await store.put(named, Buffer.from('kept'));
    await store.put(orphan, Buffer.from('left behind'));
    await t.db.insert(documents).values({
      patientId: patient.id,
      uploadedBy: patient.id,
      title: 'Kept',
      contentType: 'application/pdf',
      size: 4,
      storageKey: named,
    });

    // Still within the hour: an upload whose row is on its way is not touched.
    await sweepOrphanBytes(t.db, store, new Date());
    expect(await store.get(orphan)).not.toBeNull();

    expect(await sweepOrphanBytes(t.db, store, later())).toBeGreaterThanOrEqual(1);
    expect(await store.get(orphan)).toBeNull();
    expect((await store.get(named))?.toString()).toBe('kept');
  });
});

describe('the S3 store, when the bucket refuses', () => {
  it('says so on a failed delete instead of claiming the bytes are gone', async () => {
    const store = await stores[1][1]();
    const key = `${randomUUID()}/${randomUUID()}`;
    await store.put(key, Buffer.from('x'));
    s3.refuseDeleting([`documents/${key}`]);
    await expect(store.delete([key])).rejects.toThrow(/1 objects not deleted \(AccessDenied/);
  });

  it('refuses a request not signed with the bucket’s key, as S3 does', async () => {
    const unsigned = await s3DocumentStore({
      kind: 's3',
      bucket: s3.bucket,
      prefix: '',
      region: 'us-east-1',
      endpoint: s3.endpoint,
    });
    process.env.AWS_ACCESS_KEY_ID = 'AKIASOMEONEELSE';
    process.env.AWS_SECRET_ACCESS_KEY = 'not-the-key';
    try {
      await expect(unsigned.put('x/y', Buffer.from('x'))).rejects.toThrow(/Access Denied/);
    } finally {
      delete process.env.AWS_ACCESS_KEY_ID;
      delete process.env.AWS_SECRET_ACCESS_KEY;
    }
  });
});

describe('DOCUMENT_STORE_URL', () => {
  it('names a bucket, its prefix, region and endpoint; the database when empty', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).documentStore).toEqual({ kind: 'database' });
    expect(
      loadConfig({
        NODE_ENV: 'test',
        DOCUMENT_STORE_URL: 's3://medora-docs/eu/patients/?region=eu-west-1&endpoint=http://127.0.0.1:9000',
      }).documentStore,
    ).toEqual({
      kind: 's3',
      bucket: 'medora-docs',
      prefix: 'eu/patients/',
      region: 'eu-west-1',
      endpoint: 'http://127.0.0.1:9000',
    });
  });

  it.each([
    ['https://medora-docs.s3.amazonaws.com', /s3:\/\/ URL/],
    ['s3://AKIA:secret@medora-docs', /must not carry credentials/],
    ['s3://x', /names no valid bucket/],
    ['s3://medora-docs?endpoint=ftp://store', /endpoint must be an http/],
  ])('refuses %s, naming the problem', (value, problem) => {
    expect(() => loadConfig({ NODE_ENV: 'test', DOCUMENT_STORE_URL: value })).toThrow(problem);
  });
});

describe('documents in a bucket, through the API', () => {
  let app: TestContext;
  let bucket: DocumentStore;
  beforeAll(async () => {
    bucket = await s3DocumentStore(
      { kind: 's3', bucket: s3.bucket, prefix: 'app/', region: 'us-east-1', endpoint: s3.endpoint },
      await s3.client(),
    );
    app = await createTestApp({}, { clock, documentStore: bucket });
  });
  afterAll(() => app?.close());

  it('keeps an upload’s bytes in the bucket only, serves them back, and deletes them with the document', async () => {
    const user = await createUser(app.db);
    const cookie = await cookieFor(app.db, user);
    const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(400, 0x20), Buffer.from('\n%%EOF\n')]);
    const body = multipartForm({ bytes, name: 'results.pdf', type: 'application/pdf' }, { title: 'Results' });
    const uploaded = await app.app.inject({
      method: 'POST',
      url: '/api/documents',
      headers: { cookie, ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const [row] = await app.db.select().from(documents).where(eq(documents.id, uploaded.json().id));
    expect(s3.objects.get(`app/${row.storageKey}`)?.data).toEqual(bytes);
    expect(await app.db.select().from(documentBlobs).where(eq(documentBlobs.key, row.storageKey))).toEqual([]);

    const download = await app.app.inject({ url: `/api/documents/${row.id}`, headers: { cookie } });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload).toEqual(bytes);

    const deleted = await app.app.inject({ method: 'DELETE', url: `/api/documents/${row.id}`, headers: { cookie } });
    expect(deleted.statusCode).toBe(204);
    expect(s3.objects.has(`app/${row.storageKey}`)).toBe(false);
  });

  it('deletes the document even when the bucket keeps its bytes, and the sweep takes them later', async () => {
    const user = await createUser(app.db);
    const cookie = await cookieFor(app.db, user);
    const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(300, 0x20), Buffer.from('\n%%EOF\n')]);
    const body = multipartForm({ bytes, name: 'scan.pdf', type: 'application/pdf' });
    const uploaded = await app.app.inject({
      method: 'POST',
      url: '/api/documents',
      headers: { cookie, ...body.headers },
      payload: body.payload,
    });
    const [row] = await app.db.select().from(documents).where(eq(documents.id, uploaded.json().id));
    s3.refuseDeleting([`app/${row.storageKey}`]);
    const deleted = await app.app.inject({ method: 'DELETE', url: `/api/documents/${row.id}`, headers: { cookie } });
    expect(deleted.statusCode).toBe(204);
    expect(await app.db.select().from(documents).where(eq(documents.id, row.id))).toEqual([]);
    expect(s3.objects.has(`app/${row.storageKey}`)).toBe(true);

    s3.acceptDeleting();
    expect(await sweepOrphanBytes(app.db, bucket, later())).toBeGreaterThanOrEqual(1);
    expect(s3.objects.has(`app/${row.storageKey}`)).toBe(false);
  });
});
