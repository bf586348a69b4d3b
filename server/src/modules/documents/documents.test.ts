import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_MAX_BYTES, DOCUMENT_QUOTA_BYTES } from '@common/constants/care';
import { fixedClock } from '../../core/clock';
import { createAppointment, createDoctor, createUser } from '../../db/factories';
import { auditEvents, documentBlobs, documentShares, documents } from '../../db/schema';
import { multipartForm as form } from '../../test-support/multipart';
import { cookieFor, createTestApp, type TestContext } from '../../test-support/test-app';

const START = new Date(Math.floor(Date.now() / 60_000) * 60_000);
const clock = fixedClock(START);
const DAY = 86_400_000;
let t: TestContext;
type Who = { id: string; cookie: string };
type Doc = Who & { doctorId: string };
let patient: Who;
let stranger: Who;
let admin: Who;
let treating: Doc;
let upcoming: Doc;
let never: Doc;
let lapsed: Doc;
const password = 'correct horse battery';

async function person(type: 'patient' | 'admin', firstName: string): Promise<Who> {
  const user = await createUser(t.db, { userType: type, firstName, lastName: 'Test', password });
  return { id: user.id, cookie: await cookieFor(t.db, user) };
}
async function aDoctor(firstName: string): Promise<Doc> {
  const { user, doctor } = await createDoctor(t.db, { user: { firstName, lastName: 'Doc' } });
  return { id: user.id, doctorId: doctor.id, cookie: await cookieFor(t.db, user) };
}
let minute = 0;
const visit = (p: Who, d: Doc, daysFromNow: number, status: 'confirmed' | 'completed' = 'completed') =>
  createAppointment(t.db, {
    patientId: p.id,
    doctorId: d.doctorId,
    startsAt: new Date(START.getTime() + daysFromNow * DAY + ++minute * 60_000),
    status,
  });

const upload = (who: Who, file: { bytes: Buffer; name: string; type: string } | null, fields = {}) => {
  const body = form(file, fields);
  return t.app.inject({
    method: 'POST',
    url: '/api/documents',
    headers: { cookie: who.cookie, ...body.headers },
    payload: body.payload,
  });
};
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who: Who | null, payload?: object) =>
  t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });

const pdf = (size = 600) => {
  const head = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n');
  const tail = Buffer.from('\n%%EOF\n');
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length - tail.length), 0x20), tail]);
};

/** An EXIF block (big-endian TIFF) with a description and a GPS latitude of 52°31' N. */
function exifWithGps(description: string) {
  const desc = Buffer.from(`${description}\0`, 'latin1');
  const tiff = Buffer.alloc(92 + desc.length);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  tiff.writeUInt16BE(2, 8);
  // ImageDescription (ASCII) and the GPS IFD pointer.
  tiff.writeUInt16BE(0x010e, 10);
  tiff.writeUInt16BE(2, 12);
  tiff.writeUInt32BE(desc.length, 14);
  tiff.writeUInt32BE(92, 18);
  tiff.writeUInt16BE(0x8825, 22);
  tiff.writeUInt16BE(4, 24);
  tiff.writeUInt32BE(1, 26);
  tiff.writeUInt32BE(38, 30);
  tiff.writeUInt32BE(0, 34);
  tiff.writeUInt16BE(2, 38);
  tiff.writeUInt16BE(0x0001, 40);
  tiff.writeUInt16BE(2, 42);
  tiff.writeUInt32BE(2, 44);
  tiff.write('N\0', 48, 'latin1');
  tiff.writeUInt16BE(0x0002, 52);
  tiff.writeUInt16BE(5, 54);
  tiff.writeUInt32BE(3, 56);
  tiff.writeUInt32BE(68, 60);
  tiff.writeUInt32BE(0, 64);
  [52, 1, 31, 1, 0, 1].forEach((n, i) => tiff.writeUInt32BE(n, 68 + i * 4));
  desc.copy(tiff, 92);
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const header = Buffer.alloc(4);
  header.writeUInt16BE(0xffe1, 0);
  header.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([header, body]);
}

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  patient = await person('patient', 'Lena');
  stranger = await person('patient', 'Sam');
  admin = await person('admin', 'Ada');
  treating = await aDoctor('Treating');
  upcoming = await aDoctor('Upcoming');
  never = await aDoctor('Never');
  lapsed = await aDoctor('Lapsed');
  await visit(patient, treating, -30);
  await visit(patient, upcoming, 10, 'confirmed');
  await visit(patient, lapsed, -400);
});
afterAll(async () => t?.close());

describe('what an upload may be', () => {
  it('refuses bytes that lie about their type with 415 and stores nothing', async () => {
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c00' } })
      .jpeg()
      .toBuffer();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0c0' } })
      .png()
      .toBuffer();
    const liars = [
      { bytes: pdf(), name: 'photo.jpg', type: 'image/jpeg' },
      { bytes: Buffer.from('<html><script>alert(1)</script></html>'), name: 'lab.pdf', type: 'application/pdf' },
      { bytes: png, name: 'scan.png', type: 'image/jpeg' },
      { bytes: jpeg, name: 'scan.png', type: 'application/octet-stream' },
      // A JPEG's first bytes followed by a page: the signature matches, the image does not decode.
      {
        bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<script>x</script>')]),
        name: 'a.jpg',
        type: 'image/jpeg',
      },
      { bytes: Buffer.from('GIF89a........'), name: 'a.gif', type: 'image/gif' },
    ];
    for (const file of liars) {
      const reply = await upload(patient, file);
      expect(reply.statusCode, `${file.name} ${file.type}`).toBe(415);
      expect(reply.json().code).toBe('unsupported_media_type');
    }
    expect(await t.db.select().from(documents)).toEqual([]);
    expect(await t.db.select().from(documentBlobs)).toEqual([]);
  });

  it('refuses a HEIC photo this server cannot decode with a message that says what to send', async () => {
    const ftyp = Buffer.alloc(24);
    ftyp.writeUInt32BE(24, 0);
    ftyp.write('ftypheic', 4, 'latin1');
    ftyp.write('mif1heic', 16, 'latin1');
    const reply = await upload(patient, {
      bytes: Buffer.concat([ftyp, Buffer.alloc(64)]),
      name: 'IMG_1.HEIC',
      type: 'image/heic',
    });
    expect(reply.statusCode).toBe(415);
    expect(reply.json().message).toContain('JPEG');
    const es = await t.app.inject({
      method: 'POST',
      url: '/api/documents',
      headers: {
        cookie: patient.cookie,
        'accept-language': 'es',
        ...form({ bytes: Buffer.concat([ftyp, Buffer.alloc(64)]), name: 'x.heic', type: 'image/heic' }).headers,
      },
      payload: form({ bytes: Buffer.concat([ftyp, Buffer.alloc(64)]), name: 'x.heic', type: 'image/heic' }).payload,
    });
    expect([400, 415]).toContain(es.statusCode);
  });

  it('takes exactly 10 MB and refuses 10 MB + 1 byte with 413', { timeout: 180_000 }, async () => {
    const over = await upload(patient, {
      bytes: pdf(DOCUMENT_MAX_BYTES + 1),
      name: 'big.pdf',
      type: 'application/pdf',
    });
    expect(over.statusCode).toBe(413);
    expect(over.json().message).toContain('10 MB');
    const exact = await upload(patient, { bytes: pdf(DOCUMENT_MAX_BYTES), name: 'exact.pdf', type: 'application/pdf' });
    expect(exact.statusCode, exact.body).toBe(201);
    expect(exact.json().size).toBe(DOCUMENT_MAX_BYTES);
    await call('DELETE', `/api/documents/${exact.json().id}`, patient);
  });

  it('re-encodes an image so its EXIF (with a GPS position) is gone', async () => {
    const plain = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#36c' } })
      .jpeg()
      .toBuffer();
    const marker = 'SECRET-HOME-52.52N';
    const tagged = Buffer.concat([plain.subarray(0, 2), exifWithGps(marker), plain.subarray(2)]);
    const before = await sharp(tagged).metadata();
    expect(before.exif?.toString('latin1')).toContain(marker);
    const reply = await upload(
      patient,
      { bytes: tagged, name: 'rash.jpg', type: 'image/jpeg' },
      { title: 'Rash, day 3' },
    );
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json()).toMatchObject({ title: 'Rash, day 3', contentType: 'image/jpeg' });
    const download = await call('GET', `/api/documents/${reply.json().id}`, patient);
    expect(download.statusCode).toBe(200);
    const after = await sharp(download.rawPayload).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.width).toBe(32);
    expect(download.rawPayload.includes(Buffer.from(marker))).toBe(false);
    expect(download.rawPayload.includes(Buffer.from('Exif'))).toBe(false);
  });

  it('refuses a title with control characters, no file, and two files', async () => {
    expect(
      (await upload(patient, { bytes: pdf(), name: 'a.pdf', type: 'application/pdf' }, { title: 'a\u0007b' }))
        .statusCode,
    ).toBe(400);
    expect((await upload(patient, null, { title: 'nothing' })).statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/documents',
      headers: { cookie: patient.cookie },
      payload: { title: 'x' },
    });
    expect(json.statusCode).toBe(400);
  });
});

describe('who may read a document', () => {
  let id: string;
  beforeAll(async () => {
    const reply = await upload(
      patient,
      { bytes: pdf(), name: 'blood-test.pdf', type: 'application/pdf' },
      { title: 'Blood test' },
    );
    expect(reply.statusCode, reply.body).toBe(201);
    id = reply.json().id;
  });

  it('is not found for a stranger, for any doctor before it is shared, and refused to an administrator', async () => {
    for (const who of [stranger, treating, never]) {
      expect((await call('GET', `/api/documents/${id}`, who)).statusCode).toBe(404);
      expect(
        (await call('POST', `/api/documents/${id}/shares`, who, { doctorId: treating.doctorId })).statusCode,
      ).not.toBe(200);
      expect((await call('DELETE', `/api/documents/${id}`, who)).statusCode).not.toBe(204);
    }
    expect((await call('GET', `/api/documents/${id}`, admin)).statusCode).toBe(403);
    expect((await call('GET', `/api/documents/${id}`, null)).statusCode).toBe(401);
    expect((await call('GET', '/api/documents', never)).json().documents).toEqual([]);
  });

  it('shares only with a doctor treating the patient: a visit in the last 12 months or one ahead', async () => {
    const refused = await call('POST', `/api/documents/${id}/shares`, patient, { doctorId: never.doctorId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('12 months');
    expect((await call('POST', `/api/documents/${id}/shares`, patient, { doctorId: lapsed.doctorId })).statusCode).toBe(
      409,
    );
    expect(
      (await call('POST', `/api/documents/${id}/shares`, patient, { doctorId: treating.doctorId })).json(),
    ).toEqual({
      sharedWith: [treating.doctorId],
    });
    expect(
      (await call('POST', `/api/documents/${id}/shares`, patient, { doctorId: upcoming.doctorId })).statusCode,
    ).toBe(200);
  });

  it("serves the treating doctor an attachment under a sandbox, and logs it in the patient's access log", async () => {
    const download = await call('GET', `/api/documents/${id}`, treating);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toMatch(/^attachment; /);
    expect(download.headers['content-security-policy']).toContain('sandbox');
    expect(download.headers['cache-control']).toBe('no-store');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const reads = await t.db.select().from(auditEvents).where(eq(auditEvents.targetId, id));
    expect(reads.map((r) => [r.actorId, r.subjectUserId, r.targetType])).toContainEqual([
      treating.id,
      patient.id,
      'documents',
    ]);
    const log = (await call('GET', '/api/patients/profile/access-log', patient)).json();
    expect(JSON.stringify(log)).toContain('Documents');
    // The patient's own download leaves no row.
    await call('GET', `/api/documents/${id}`, patient);
    expect(
      (await t.db.select().from(auditEvents).where(eq(auditEvents.actorId, patient.id))).filter(
        (r) => r.targetId === id,
      ),
    ).toEqual([]);
  });

  it('is closed to a doctor 12 months after their last visit, even with a share left in place', async () => {
    await t.db.insert(documentShares).values({ documentId: id, doctorId: lapsed.doctorId }).onConflictDoNothing();
    expect((await call('GET', `/api/documents/${id}`, lapsed)).statusCode).toBe(404);
    expect((await call('GET', '/api/documents', lapsed)).json().documents).toEqual([]);
    // Just inside the 12 months, the same share still reads.
    const recent = await aDoctor('Recent');
    await visit(patient, recent, -360);
    await t.db.insert(documentShares).values({ documentId: id, doctorId: recent.doctorId });
    expect((await call('GET', `/api/documents/${id}`, recent)).statusCode).toBe(200);
  });

  it('unsharing closes it again; deleting removes the file', async () => {
    expect(
      (await call('DELETE', `/api/documents/${id}/shares/${upcoming.doctorId}`, patient)).json().sharedWith,
    ).not.toContain(upcoming.doctorId);
    expect((await call('GET', `/api/documents/${id}`, upcoming)).statusCode).toBe(404);
    const [row] = await t.db.select().from(documents).where(eq(documents.id, id));
    expect((await call('DELETE', `/api/documents/${id}`, patient)).statusCode).toBe(204);
    expect((await call('GET', `/api/documents/${id}`, patient)).statusCode).toBe(404);
    expect(await t.db.select().from(documentBlobs).where(eq(documentBlobs.key, row.storageKey))).toEqual([]);
  });
});

describe("a doctor's upload, attachments, the quota and the account", () => {
  it('lets a treating doctor upload to their patient, and nobody else', async () => {
    const file = { bytes: pdf(), name: 'letter.pdf', type: 'application/pdf' };
    expect((await upload(never, file, { patientId: patient.id })).statusCode).toBe(404);
    expect((await upload(lapsed, file, { patientId: patient.id })).statusCode).toBe(404);
    expect((await upload(treating, file)).statusCode).toBe(404);
    const reply = await upload(treating, file, { patientId: patient.id, title: 'Referral letter' });
    expect(reply.statusCode, reply.body).toBe(201);
    const mine = (await call('GET', '/api/documents', patient)).json();
    expect(mine.documents.find((d: { id: string }) => d.id === reply.json().id)).toMatchObject({
      patientId: patient.id,
      uploadedBy: treating.id,
      sharedWith: [treating.doctorId],
    });
    expect((await call('GET', `/api/documents/${reply.json().id}`, treating)).statusCode).toBe(200);
  });

  it("shares a patient's attachment with the doctor of the conversation, and refuses someone else's", async () => {
    const own = (await upload(patient, { bytes: pdf(), name: 'xray.pdf', type: 'application/pdf' })).json().id;
    const theirs = (await upload(stranger, { bytes: pdf(), name: 'other.pdf', type: 'application/pdf' })).json().id;
    const conversation = (await call('POST', '/api/conversations', patient, { doctorId: treating.doctorId })).json().id;
    const refused = await call('POST', `/api/conversations/${conversation}/messages`, patient, {
      body: 'see',
      documentIds: [theirs],
    });
    expect(refused.statusCode).toBe(404);
    const sent = await call('POST', `/api/conversations/${conversation}/messages`, patient, {
      body: 'My x-ray',
      documentIds: [own],
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().documentIds).toEqual([own]);
    expect((await call('GET', `/api/documents/${own}`, treating)).statusCode).toBe(200);
  });

  it('refuses the upload past 200 MB with a message that says how much is used', async () => {
    const full = await person('patient', 'Full');
    await t.db.insert(documents).values(
      Array.from({ length: DOCUMENT_QUOTA_BYTES / DOCUMENT_MAX_BYTES }, (_, i) => ({
        patientId: full.id,
        uploadedBy: full.id,
        title: `scan ${i}`,
        contentType: 'application/pdf' as const,
        size: DOCUMENT_MAX_BYTES - (i === 0 ? 1_000 : 0),
        storageKey: `${full.id}/seed-${i}`,
      })),
    );
    const reply = await upload(full, { bytes: pdf(2_000), name: 'one-more.pdf', type: 'application/pdf' });
    expect(reply.statusCode).toBe(409);
    expect(reply.json().message).toMatch(/200 MB/);
    expect((await call('GET', '/api/documents', full)).json()).toMatchObject({
      quotaBytes: DOCUMENT_QUOTA_BYTES,
      usedBytes: DOCUMENT_QUOTA_BYTES - 1_000,
    });
    // Its bytes were not left behind.
    const blobs = await t.db.select({ key: documentBlobs.key }).from(documentBlobs);
    expect(blobs.filter((b) => b.key.startsWith(full.id))).toEqual([]);
    expect((await upload(full, { bytes: pdf(900), name: 'small.pdf', type: 'application/pdf' })).statusCode).toBe(201);
  });

  it('puts documents in the export and deletes them, bytes and shares, with the account', async () => {
    const p = await createUser(t.db, { userType: 'patient', firstName: 'Gone', lastName: 'Soon', password });
    const who = { id: p.id, cookie: await cookieFor(t.db, p) };
    await visit(who, treating, -5);
    const id = (await upload(who, { bytes: pdf(), name: 'mine.pdf', type: 'application/pdf' })).json().id;
    await call('POST', `/api/documents/${id}/shares`, who, { doctorId: treating.doctorId });
    const exported = (await call('GET', '/api/patients/me/export', who)).json();
    expect(exported.documents).toMatchObject([{ id, title: 'mine.pdf', download: `/api/documents/${id}` }]);
    const [row] = await t.db.select().from(documents).where(eq(documents.id, id));
    expect((await call('POST', '/api/patients/me/delete', who, { password })).statusCode).toBe(204);
    expect(await t.db.select().from(documents).where(eq(documents.patientId, p.id))).toEqual([]);
    expect(await t.db.select().from(documentShares).where(eq(documentShares.documentId, id))).toEqual([]);
    expect(await t.db.select().from(documentBlobs).where(eq(documentBlobs.key, row.storageKey))).toEqual([]);
  });
});
