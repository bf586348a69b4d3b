import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../core/clock';
import { createAppointment, createDoctor, createUser } from '../../db/factories';
import { cookieFor, createTestApp, type TestContext } from '../../test-support/test-app';

/*
 * "See who opened it" (issue 41 item 4): the owner of a document asks who downloaded it. Nobody
 * else learns anything, not even that it exists.
 */

const START = new Date('2026-06-01T09:00:00Z');
const clock = fixedClock(START);
const DAY = 86_400_000;
let t: TestContext;
type Who = { id: string; cookie: string };
type Doc = Who & { doctorId: string };
let patient: Who;
let stranger: Who;
let admin: Who;
let first: Doc;
let second: Doc;
let notShared: Doc;
let documentId: string;
let otherDocumentId: string;

async function person(type: 'patient' | 'admin', firstName: string): Promise<Who> {
  const user = await createUser(t.db, { userType: type, firstName, lastName: 'Test' });
  return { id: user.id, cookie: await cookieFor(t.db, user) };
}
async function aDoctor(firstName: string, lastName: string): Promise<Doc> {
  const { user, doctor } = await createDoctor(t.db, { user: { firstName, lastName } });
  return { id: user.id, doctorId: doctor.id, cookie: await cookieFor(t.db, user) };
}
const call = (method: 'GET' | 'POST', url: string, who: Who | null, payload?: object) =>
  t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });

function pdfUpload(who: Who, title: string) {
  const boundary = '----medoraopens';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\n${title}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/documents',
    headers: { cookie: who.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
}

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  patient = await person('patient', 'Lena');
  stranger = await person('patient', 'Sam');
  admin = await person('admin', 'Ada');
  first = await aDoctor('Amara', 'Okafor');
  second = await aDoctor('Bruno', 'Silva');
  notShared = await aDoctor('Chen', 'Wei');
  for (const d of [first, second, notShared]) {
    await createAppointment(t.db, {
      patientId: patient.id,
      doctorId: d.doctorId,
      startsAt: new Date(START.getTime() - 3 * DAY),
      status: 'completed',
    });
  }
  documentId = (await pdfUpload(patient, 'Blood test')).json().id;
  otherDocumentId = (await pdfUpload(patient, 'X-ray report')).json().id;
  // The first doctor sees one document only, so their list names it alone.
  for (const [d, id] of [
    [first, documentId],
    [second, documentId],
    [second, otherDocumentId],
  ] as const) {
    expect((await call('POST', `/api/documents/${id}/shares`, patient, { doctorId: d.doctorId })).statusCode).toBe(200);
  }
});
afterAll(async () => t?.close());

const opens = (who: Who | null, id = documentId) => call('GET', `/api/documents/${id}/opens`, who);

describe('who opened a document (attackers first)', () => {
  it('is not found for a doctor it is shared with, a doctor it is not, a stranger; refused to an admin', async () => {
    for (const who of [first, notShared, stranger]) {
      const reply = await opens(who);
      expect(reply.statusCode, reply.body).toBe(404);
      expect(reply.body).not.toContain('Blood test');
    }
    expect((await opens(admin)).statusCode).toBe(403);
    expect((await opens(null)).statusCode).toBe(401);
    expect((await call('GET', '/api/documents/not-a-uuid/opens', patient)).statusCode).toBe(400);
    expect((await opens(patient, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('tells the owner nobody has opened it yet, and a list or their own download is not an open', async () => {
    await call('GET', `/api/documents/${documentId}`, patient);
    // Listing shows titles, not contents: only a download opens a document.
    expect((await call('GET', '/api/documents', first)).json().documents.map((d: { id: string }) => d.id)).toEqual([
      documentId,
    ]);
    const reply = await opens(patient);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual([]);
  });

  it("shows the owner each doctor's download, newest first, repeats within ten minutes as one line", async () => {
    expect((await call('GET', `/api/documents/${documentId}`, first)).statusCode).toBe(200);
    clock.advance(2 * 60_000);
    expect((await call('GET', `/api/documents/${documentId}`, first)).statusCode).toBe(200);
    clock.advance(60 * 60_000);
    expect((await call('GET', `/api/documents/${documentId}`, second)).statusCode).toBe(200);
    // Another document's open is that document's, not this one's.
    expect((await call('GET', `/api/documents/${otherDocumentId}`, second)).statusCode).toBe(200);

    const reply = await opens(patient);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual([
      {
        id: expect.any(Number),
        at: new Date(START.getTime() + 62 * 60_000).toISOString(),
        lastAt: new Date(START.getTime() + 62 * 60_000).toISOString(),
        count: 1,
        role: 'doctor',
        name: 'Dr. Bruno Silva',
      },
      {
        id: expect.any(Number),
        at: START.toISOString(),
        lastAt: new Date(START.getTime() + 2 * 60_000).toISOString(),
        count: 2,
        role: 'doctor',
        name: 'Dr. Amara Okafor',
      },
    ]);
    expect((await opens(patient, otherDocumentId)).json().map((o: { name: string }) => o.name)).toEqual([
      'Dr. Bruno Silva',
    ]);
    // The doctors who opened it still cannot ask who else did.
    for (const who of [first, second]) expect((await opens(who)).statusCode).toBe(404);
  });
});
