import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizedCode } from '@common/constants/care-documents';
import { fixedClock } from '../../core/clock';
import { createAppointment, createPatientProfile } from '../../db/factories';
import { careDocuments, visitNotes } from '../../db/schema';
import { bookableDoctor } from '../../test-support/booking-fixtures';
import { createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';
import { SIGNED_CONTENT_FILE } from '../care-documents/pdf';
import { verifyContent } from '../care-documents/signing';

/*
 * The after-visit summary's header and verification code (issue 41 item 3, decision 093), from the
 * side of whoever holds a copy: a pharmacist with a code, a forger, another patient.
 */

const clock = fixedClock(new Date('2026-03-10T15:00:00Z'));
let t: TestContext;
let dir: string;
type Who = { cookie: string; user: { id: string } };
let doctor: Who & { doctor: { id: string } };
let patient: Who;
let otherPatient: Who;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_ORIGIN: 'https://medora.test' }, { clock });
  dir = mkdtempSync(path.join(tmpdir(), 'medora-summary-code-'));
  doctor = await bookableDoctor(t.db, {
    user: { firstName: 'Amara', lastName: 'Okafor' },
    doctor: { specialty: 'Family Medicine', licenseNumber: 'GMC-7741902', officeAddress: 'Friedrichstrasse 12' },
  });
  patient = await signedInUser(t.db, { firstName: 'Lena', lastName: 'Vogel' });
  otherPatient = await signedInUser(t.db);
  await createPatientProfile(t.db, patient.user.id);
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

let visits = 0;
const visit = () =>
  createAppointment(t.db, {
    patientId: patient.user.id,
    doctorId: doctor.doctor.id,
    startsAt: new Date(Date.parse('2026-03-09T14:00:00Z') - ++visits * 60_000),
    timeZone: 'Europe/Berlin',
    status: 'completed',
  });

const NOTES = {
  privateNotes: 'Consider thyroid panel if fatigue persists.',
  diagnosis: 'A viral sore throat that should clear up on its own.',
  advice: 'Rest, drink warm fluids, and take paracetamol for pain.',
  followUpDays: 14,
};

const get = (url: string, who: Who | null) =>
  t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
const save = (id: string, payload: object) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/appointments/${id}/visit-notes`,
    headers: { cookie: doctor.cookie },
    payload,
  });

function pdfText(pdf: Buffer, name: string) {
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}
function embeddedContent(pdf: Buffer, name: string): Record<string, unknown> {
  const file = path.join(dir, `${name}-detach.pdf`);
  writeFileSync(file, pdf);
  const out = path.join(dir, `${name}.json`);
  execFileSync('pdfdetach', ['-savefile', SIGNED_CONTENT_FILE, '-o', out, file]);
  return JSON.parse(readFileSync(out, 'utf8')) as Record<string, unknown>;
}
/** The code as printed ("ABCD-EFGH-…"), read back from the PDF's text. */
const printedCode = (text: string) => /Verification code: ([A-Z2-7]{4}(?:-[A-Z2-7]{4}){5})/.exec(text)?.[1];

describe('the after-visit summary PDF as a verifiable document', () => {
  it('names patient, birth date, licence and practice and carries a code that verifies without the content', async () => {
    const a = await visit();
    expect((await save(a.id, { ...NOTES, share: true })).statusCode).toBe(200);
    const download = await get(`/api/appointments/${a.id}/visit-summary.pdf`, patient);
    expect(download.statusCode).toBe(200);
    const text = pdfText(download.rawPayload, 'shared');
    expect(text).toContain('Lena Vogel');
    expect(text).toContain('May 1, 1990');
    expect(text).toContain('GMC-7741902');
    expect(text).toContain('Friedrichstrasse 12');
    // A summary is replaced, never revoked: the paper says what its code can tell.
    expect(text.replace(/\s+/g, ' ')).toContain('whether this is still the current text of the summary or its doctor');
    const code = printedCode(text);
    expect(code).toBeDefined();

    const check = await get(`/api/verify/${code}`, null);
    expect(check.statusCode).toBe(200);
    expect(check.json()).toMatchObject({
      status: 'valid',
      kind: 'visit_summary',
      issuedOn: '2026-03-10',
      revokedOn: null,
      supersededOn: null,
      issuer: { name: 'Dr. Amara Okafor', specialty: 'Family Medicine', licenseNumber: 'GMC-7741902' },
    });
    // Nothing clinical and nothing of the patient in the public answer.
    for (const secret of ['sore throat', 'paracetamol', 'thyroid', 'Vogel', '1990', 'diagnosis', 'advice']) {
      expect(check.body).not.toContain(secret);
    }
  });

  it('a copy checks out offline against the published key; a tampered diagnosis does not', async () => {
    const a = await visit();
    await save(a.id, { ...NOTES, share: true });
    const pdf = (await get(`/api/appointments/${a.id}/visit-summary.pdf`, patient)).rawPayload;
    const content = embeddedContent(pdf, 'offline');
    const text = pdfText(pdf, 'offline-text');
    const keyId = /Signing key: ([0-9a-f]{16})/.exec(text)?.[1];
    const signature = /Signature \(Ed25519\): (\S+)/.exec(text.replace(/\n\s*/g, ''))?.[1];
    const keys = (await get('/api/verify/keys', null)).json() as { keys: { keyId: string; publicKey: string }[] };
    const key = keys.keys.find((k) => k.keyId === keyId)!;
    expect(content.code).toBe(normalizedCode(printedCode(text)!));
    expect(content.body).toMatchObject({ diagnosis: NOTES.diagnosis, advice: NOTES.advice });
    expect(JSON.stringify(content)).not.toContain('thyroid');
    expect(verifyContent(key.publicKey, content, signature!)).toBe(true);
    const tampered = { ...content, body: { ...(content.body as object), diagnosis: 'Fit for work.' } };
    expect(verifyContent(key.publicKey, tampered, signature!)).toBe(false);
  });

  it('a forged code is 404, and so is a stored summary whose text was altered behind the signature', async () => {
    expect((await get(`/api/verify/${'B'.repeat(24)}`, null)).statusCode).toBe(404);
    const a = await visit();
    await save(a.id, { ...NOTES, share: true });
    const [row] = await t.db.select().from(careDocuments).where(eq(careDocuments.appointmentId, a.id));
    await t.db
      .update(careDocuments)
      .set({ content: { ...row.content, body: { ...(row.content.body as object), diagnosis: 'Fit for work.' } } })
      .where(eq(careDocuments.id, row.id));
    expect((await get(`/api/verify/${row.code}`, null)).statusCode).toBe(404);
  });

  it('a changed shared text supersedes the old code; saving the same text keeps it', async () => {
    const a = await visit();
    await save(a.id, { ...NOTES, share: true });
    const first = printedCode(
      pdfText((await get(`/api/appointments/${a.id}/visit-summary.pdf`, patient)).rawPayload, 'v1'),
    )!;
    // The private notes are not part of the summary: changing them keeps the code.
    await save(a.id, { ...NOTES, privateNotes: 'Thyroid panel ordered.' });
    const same = printedCode(
      pdfText((await get(`/api/appointments/${a.id}/visit-summary.pdf`, patient)).rawPayload, 'v1b'),
    )!;
    expect(same).toBe(first);

    await save(a.id, { ...NOTES, advice: 'Rest for three days.' });
    const second = printedCode(
      pdfText((await get(`/api/appointments/${a.id}/visit-summary.pdf`, patient)).rawPayload, 'v2'),
    )!;
    expect(second).not.toBe(first);
    expect((await get(`/api/verify/${first}`, null)).json()).toMatchObject({
      status: 'superseded',
      supersededOn: '2026-03-10',
    });
    expect((await get(`/api/verify/${second}`, null)).json().status).toBe('valid');

    // The patient's export keeps both versions as signed, never the private notes.
    const exported = (await get('/api/patients/me/export', patient)).json() as {
      careDocuments: { appointmentId: string; kind: string; status: string; verificationCode: string; pdf: string }[];
    };
    const mine = exported.careDocuments.filter((d) => d.appointmentId === a.id);
    expect(mine.map((d) => [d.kind, d.status, d.verificationCode])).toEqual([
      ['visit_summary', 'superseded', normalizedCode(first)],
      ['visit_summary', 'valid', normalizedCode(second)],
    ]);
    expect(mine[1].pdf).toBe(`/api/appointments/${a.id}/visit-summary.pdf`);
    expect(JSON.stringify(mine)).not.toContain('Thyroid');
  });

  it('a draft has no code; the doctor cannot revoke a summary by its row; lists keep showing issued documents only', async () => {
    const a = await visit();
    await save(a.id, NOTES);
    const draft = pdfText((await get(`/api/appointments/${a.id}/visit-summary.pdf`, doctor)).rawPayload, 'draft');
    expect(printedCode(draft)).toBeUndefined();
    expect(await t.db.select().from(careDocuments).where(eq(careDocuments.appointmentId, a.id))).toEqual([]);

    await save(a.id, { ...NOTES, share: true });
    const [row] = await t.db.select().from(careDocuments).where(eq(careDocuments.appointmentId, a.id));
    const revoke = await t.app.inject({
      method: 'POST',
      url: `/api/care-documents/${row.id}/revoke`,
      headers: { cookie: doctor.cookie },
      payload: { reason: 'Wrong patient' },
    });
    expect(revoke.statusCode).toBe(404);
    expect((await get(`/api/care-documents/${row.id}/pdf`, patient)).statusCode).toBe(404);
    expect((await get(`/api/appointments/${a.id}/care-documents`, patient)).json()).toEqual([]);
  });

  it('another patient cannot download the summary, and no code is made for them', async () => {
    const a = await visit();
    await save(a.id, { ...NOTES, share: true });
    const before = await t.db.select().from(careDocuments).where(eq(careDocuments.appointmentId, a.id));
    const theirs = await get(`/api/appointments/${a.id}/visit-summary.pdf`, otherPatient);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain('GMC-7741902');
    expect(await t.db.select().from(careDocuments).where(eq(careDocuments.appointmentId, a.id))).toEqual(before);
  });

  it('a summary shared before codes existed is signed on its first download, once', async () => {
    const a = await visit();
    await t.db.insert(visitNotes).values({
      appointmentId: a.id,
      privateNotes: '',
      diagnosis: NOTES.diagnosis,
      advice: NOTES.advice,
      followUpDays: null,
      sharedAt: clock.now(),
      createdAt: clock.now(),
      updatedAt: clock.now(),
    });
    const one = printedCode(
      pdfText((await get(`/api/appointments/${a.id}/visit-summary.pdf`, patient)).rawPayload, 'old1'),
    );
    const two = printedCode(
      pdfText((await get(`/api/appointments/${a.id}/visit-summary.pdf`, patient)).rawPayload, 'old2'),
    );
    expect(one).toBeDefined();
    expect(two).toBe(one);
    const rows = await t.db
      .select()
      .from(careDocuments)
      .where(and(eq(careDocuments.appointmentId, a.id), eq(careDocuments.kind, 'visit_summary')));
    expect(rows).toHaveLength(1);
  });
});
