import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NON_EMERGENCY_NOTICE } from '@common/constants/email';
import { fixedClock } from '../../core/clock';
import { createAppointment, createPatientProfile } from '../../db/factories';
import { auditEvents, visitNotes } from '../../db/schema';
import { bookableDoctor } from '../../test-support/booking-fixtures';
import { createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';

// Just after the United States moved to summer time (March 8) and before Europe did (March 29):
// New York is UTC-4, Berlin UTC+1, five hours apart instead of the usual six.
const clock = fixedClock(new Date('2026-03-10T15:00:00Z'));
const VISIT_START = new Date('2026-03-09T14:00:00Z');
let t: TestContext;
let dir: string;
type Who = { cookie: string; user: { id: string } };
let doctor: Who & { doctor: { id: string } };
let otherDoctor: Who;
let patient: Who;
let otherPatient: Who;
let admin: Who;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  dir = mkdtempSync(path.join(tmpdir(), 'medora-visit-'));
  doctor = await bookableDoctor(t.db, {
    user: { firstName: 'Amara', lastName: 'Okafor' },
    doctor: { specialty: 'Family Medicine' },
  });
  otherDoctor = await bookableDoctor(t.db);
  patient = await signedInUser(t.db, { firstName: 'Lena', lastName: 'Vogel' });
  otherPatient = await signedInUser(t.db);
  admin = await signedInUser(t.db, { userType: 'admin' });
  await createPatientProfile(t.db, patient.user.id);
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

let visits = 0;
/** A visit of the doctor with the patient; each on its own minute, since a doctor's slot is taken once. */
async function visit(
  status: 'completed' | 'confirmed' | 'pending' = 'completed',
  startsAt = new Date(VISIT_START.getTime() - ++visits * 60_000),
) {
  return createAppointment(t.db, {
    patientId: patient.user.id,
    doctorId: doctor.doctor.id,
    startsAt,
    timeZone: 'America/New_York',
    status,
  });
}

const get = (url: string, who: Who) => t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });
const put = (id: string, who: Who, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/appointments/${id}/visit-notes`, headers: { cookie: who.cookie }, payload });

const NOTES = {
  privateNotes: 'Consider thyroid panel if fatigue persists.',
  diagnosis: 'A viral sore throat that should clear up on its own.',
  advice: 'Rest, drink warm fluids, and take paracetamol for pain.',
  followUpDays: 14,
};

function pdfText(pdf: Buffer, name: string) {
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

describe('visit notes and the after-visit summary', () => {
  it('keeps a draft from the patient, then shares the summary but never the private notes', async () => {
    const a = await visit();
    const saved = await put(a.id, doctor, NOTES);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ ...NOTES, sharedAt: null, appointment: { id: a.id, writable: true } });

    expect((await get(`/api/appointments/${a.id}/visit-summary`, patient)).statusCode).toBe(404);
    expect((await get(`/api/appointments/${a.id}/visit-summary.pdf`, patient)).statusCode).toBe(404);
    expect((await get('/api/visit-summaries', patient)).json()).toEqual([]);
    // The doctor and administrators see the draft.
    expect((await get(`/api/appointments/${a.id}/visit-summary`, doctor)).json().sharedAt).toBeNull();
    expect((await get(`/api/appointments/${a.id}/visit-summary`, admin)).statusCode).toBe(200);

    const shared = await put(a.id, doctor, { ...NOTES, share: true });
    expect(shared.json().sharedAt).toBe(clock.now().toISOString());
    const mine = await get(`/api/appointments/${a.id}/visit-summary`, patient);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('no-store');
    expect(mine.json()).toMatchObject({
      diagnosis: NOTES.diagnosis,
      advice: NOTES.advice,
      followUpDays: 14,
      doctor: { firstName: 'Amara', lastName: 'Okafor', specialty: 'Family Medicine' },
    });
    expect(mine.body).not.toContain('privateNotes');
    expect(mine.body).not.toContain('thyroid');
    expect((await get('/api/visit-summaries', patient)).json()).toEqual([
      { appointmentId: a.id, sharedAt: clock.now().toISOString(), followUpDays: 14 },
    ]);
    // The patient's data export carries the shared summary, never the doctor's private notes.
    const exported = await get('/api/patients/me/export', patient);
    expect(exported.json().visitSummaries).toContainEqual({
      appointmentId: a.id,
      diagnosis: NOTES.diagnosis,
      advice: NOTES.advice,
      followUpDays: 14,
      sharedAt: clock.now().toISOString(),
    });
    expect(exported.body).not.toContain('thyroid');
  });

  it('answers 404 to another patient and another doctor, and 403 to non-doctors on the notes', async () => {
    const a = await visit();
    await put(a.id, doctor, { ...NOTES, share: true });
    for (const who of [otherPatient, otherDoctor]) {
      expect((await get(`/api/appointments/${a.id}/visit-summary`, who)).statusCode).toBe(404);
      expect((await get(`/api/appointments/${a.id}/visit-summary.pdf`, who)).statusCode).toBe(404);
      expect((await get('/api/visit-summaries', who)).json()).toEqual([]);
    }
    expect((await get(`/api/appointments/${a.id}/visit-notes`, otherDoctor)).statusCode).toBe(404);
    expect((await put(a.id, otherDoctor, NOTES)).statusCode).toBe(404);
    for (const who of [patient, admin]) {
      expect((await get(`/api/appointments/${a.id}/visit-notes`, who)).statusCode).toBe(403);
    }
    const notes = await get(`/api/appointments/${a.id}/visit-notes`, doctor);
    expect(notes.json().privateNotes).toBe(NOTES.privateNotes);
    expect(notes.headers['cache-control']).toBe('no-store');
    expect((await get(`/api/appointments/${crypto.randomUUID()}/visit-summary`, admin)).statusCode).toBe(404);
  });

  it("records the doctor's and administrators' reads and the share, never the content", async () => {
    const a = await visit();
    await put(a.id, doctor, { ...NOTES, share: true });
    await get(`/api/appointments/${a.id}/visit-summary`, patient);
    await get(`/api/appointments/${a.id}/visit-summary`, admin);
    await get(`/api/appointments/${a.id}/visit-summary.pdf`, doctor);
    const events = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, a.id), eq(auditEvents.subjectUserId, patient.user.id)));
    const reads = events.filter((e) => e.action === 'patient_record.read');
    expect(reads.map((e) => [e.actorId, e.targetType]).sort()).toEqual(
      [
        [admin.user.id, 'visit_documents'],
        [doctor.user.id, 'visit_documents'],
      ].sort(),
    );
    expect(events.filter((e) => e.action === 'visit_summary.share')).toHaveLength(1);
    expect(JSON.stringify(events)).not.toMatch(/sore throat|thyroid|paracetamol/i);
  });

  it('sharing is one-way and needs a diagnosis or advice', async () => {
    const a = await visit();
    const empty = await put(a.id, doctor, { privateNotes: 'only for me', share: true });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields.diagnosis).toBeDefined();
    await put(a.id, doctor, { ...NOTES, share: true });
    clock.advance(60_000);
    const later = await put(a.id, doctor, { ...NOTES, advice: 'Rest for two more days.' });
    expect(later.json().sharedAt).toBe(new Date(clock.now().getTime() - 60_000).toISOString());
    expect((await get(`/api/appointments/${a.id}/visit-summary`, patient)).json().advice).toBe(
      'Rest for two more days.',
    );
    // Once shared, the summary cannot be emptied out from under the patient.
    expect((await put(a.id, doctor, { privateNotes: 'x' })).statusCode).toBe(400);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const a = await visit();
    await put(a.id, doctor, NOTES);
    const bad: object[] = [
      { ...NOTES, diagnosis: 'bad\u0000value' },
      { ...NOTES, privateNotes: 'x'.repeat(10_001) },
      { ...NOTES, advice: 'x'.repeat(5_001) },
      { ...NOTES, followUpDays: 0 },
      { ...NOTES, followUpDays: 10_000 },
      { ...NOTES, followUpDays: 1.5 },
      { ...NOTES, followUpDays: '14' },
      { ...NOTES, share: 'yes' },
      { ...NOTES, patientId: otherPatient.user.id },
    ];
    for (const payload of bad) {
      const res = await put(a.id, doctor, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
    }
    const [row] = await t.db.select().from(visitNotes).where(eq(visitNotes.appointmentId, a.id));
    expect(row).toMatchObject({ ...NOTES, sharedAt: null });
    expect((await put('not-a-uuid', doctor, NOTES)).statusCode).toBe(400);
  });

  it('lets the doctor write on the day of a live visit and after completion, not before or when unpaid', async () => {
    const today = await visit('confirmed', new Date('2026-03-10T20:00:00Z'));
    expect((await put(today.id, doctor, NOTES)).statusCode).toBe(200);
    const tomorrow = await visit('confirmed', new Date('2026-03-11T14:00:00Z'));
    expect((await put(tomorrow.id, doctor, NOTES)).statusCode).toBe(409);
    expect((await get(`/api/appointments/${tomorrow.id}/visit-notes`, doctor)).json().appointment.writable).toBe(false);
    const unpaid = await visit('pending', new Date('2026-03-10T18:00:00Z'));
    expect((await put(unpaid.id, doctor, NOTES)).statusCode).toBe(409);
  });

  it("prints the PDF with the doctor, the time in the patient's zone, the summary and the notice", async () => {
    const a = await visit('completed', VISIT_START);
    await put(a.id, doctor, { ...NOTES, share: true });
    const res = await get(`/api/appointments/${a.id}/visit-summary.pdf`, patient);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toBe('attachment; filename="medora-visit-summary-2026-03-09.pdf"');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.rawPayload, a.id).replace(/\s+/g, ' ');
    expect(text).toContain('Medora');
    expect(text).toContain('After-visit summary');
    expect(text).toContain('Dr. Amara Okafor, Family Medicine');
    // 14:00 UTC is 3 PM in Berlin (still winter time) and 10 AM in New York (already summer time).
    expect(text).toContain('Monday, March 9, 2026 at 3:00 PM Berlin time');
    expect(text).toContain("Doctor's time: Monday, March 9, 2026 at 10:00 AM New York time");
    expect(text).not.toMatch(/Europe\/Berlin|America\/New|GMT|EDT/);
    expect(text).toContain(NOTES.diagnosis);
    expect(text).toContain(NOTES.advice);
    expect(text).toContain('Your doctor suggests a follow-up in 14 days.');
    expect(text).toContain(NON_EMERGENCY_NOTICE);
    expect(text).not.toContain('thyroid');
  });

  it("prints the time in the zone the patient's account keeps, over the country's", async () => {
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/time-zone',
      headers: { cookie: otherPatient.cookie },
      payload: { timeZone: 'Asia/Tokyo' },
    });
    expect(set.statusCode, set.body).toBe(200);
    const a = await createAppointment(t.db, {
      patientId: otherPatient.user.id,
      doctorId: doctor.doctor.id,
      startsAt: new Date('2026-03-09T13:30:00Z'),
      timeZone: 'America/New_York',
      status: 'completed',
    });
    await put(a.id, doctor, { ...NOTES, share: true });
    const res = await get(`/api/appointments/${a.id}/visit-summary.pdf`, otherPatient);
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload, a.id).replace(/\s+/g, ' ');
    expect(text).toContain('Monday, March 9, 2026 at 10:30 PM Tokyo time');
    expect(text).toContain("Doctor's time: Monday, March 9, 2026 at 9:30 AM New York time");
  });
});
