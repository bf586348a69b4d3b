import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../core/clock';
import { createAppointment } from '../db/factories';
import { auditEvents, emailMessages, jobs, visitNotes } from '../db/schema';
import { bookableDoctor } from '../test-support/booking-fixtures';
import { createTestApp, signedInUser, type TestContext } from '../test-support/test-app';

// Issue 37, item 3, from the patient's side: every read of their health data by someone else is
// in their access log, once per person and record per ten minutes, with how often it happened.
const clock = fixedClock(new Date('2026-11-20T15:00:00Z'));
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(() => t.close());

const readsOf = (patientId: string) =>
  t.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.subjectUserId, patientId), eq(auditEvents.action, 'patient_record.read')));

async function visitWithSummary() {
  const patient = await signedInUser(t.db);
  const doctor = await bookableDoctor(t.db, { user: { firstName: 'Ana', lastName: 'Reyes' } });
  const appointment = await createAppointment(t.db, {
    patientId: patient.user.id,
    doctorId: doctor.doctor.id,
    startsAt: new Date(clock.now().getTime() - 86_400_000),
    status: 'completed',
  });
  await t.db.insert(visitNotes).values({ appointmentId: appointment.id, diagnosis: 'Sinusitis', advice: 'Rest' });
  return { patient, doctor, appointment };
}

describe('repeated reads are one audit row with a count', () => {
  it('7 reads of one visit in two minutes are one row with count 7, shown so in the access log', async () => {
    const { patient, doctor, appointment } = await visitWithSummary();
    for (let i = 0; i < 7; i++) {
      const res = await t.app.inject({
        url: `/api/appointments/${appointment.id}/visit-summary`,
        headers: { cookie: doctor.cookie },
      });
      expect(res.statusCode, res.body).toBe(200);
      clock.advance(17_000);
    }
    const rows = await readsOf(patient.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: doctor.user.id, targetType: 'visit_documents', targetId: appointment.id });
    const log = await t.app.inject({ url: '/api/patients/profile/access-log', headers: { cookie: patient.cookie } });
    expect(log.json()).toEqual([
      expect.objectContaining({ name: 'Dr. Ana Reyes', what: 'Visit documents', count: 7, role: 'doctor' }),
    ]);
    const [line] = log.json();
    expect(new Date(line.lastReadAt).getTime() - new Date(line.occurredAt).getTime()).toBe(6 * 17_000);
  });

  it('a read ten minutes after the first starts a new row; another record has its own', async () => {
    const { patient, doctor, appointment } = await visitWithSummary();
    const read = (url: string) => t.app.inject({ url, headers: { cookie: doctor.cookie } });
    expect((await read(`/api/appointments/${appointment.id}/visit-summary`)).statusCode).toBe(200);
    expect((await read(`/api/appointments/${appointment.id}/visit-notes`)).statusCode).toBe(200);
    clock.advance(10 * 60_000);
    expect((await read(`/api/appointments/${appointment.id}/visit-summary`)).statusCode).toBe(200);
    const log = await t.app.inject({ url: '/api/patients/profile/access-log', headers: { cookie: patient.cookie } });
    // The summary and the notes are one record (the visit's documents); the second window is a new line.
    expect(log.json().map((l: { count: number }) => l.count)).toEqual([1, 2]);
    expect(await readsOf(patient.user.id)).toHaveLength(2);
  });
});

describe('the admin outbox and the job queue', () => {
  it("an administrator reading an e-mail body leaves a row in the patient's access log", async () => {
    const { patient, doctor, appointment } = await visitWithSummary();
    const admin = await signedInUser(t.db, { userType: 'admin' });
    // A mail to the doctor about the patient's visit: the patient is whom it concerns.
    const [mail] = await t.db
      .insert(emailMessages)
      .values({
        userId: doctor.user.id,
        appointmentId: appointment.id,
        kind: 'booking_confirmed',
        toAddress: doctor.user.email,
        subject: 'New booking',
        textBody: `${patient.user.firstName} booked a visit about a persistent cough.`,
        htmlBody: '<p>…</p>',
      })
      .returning();
    const list = await t.app.inject({ url: '/api/admin/emails', headers: { cookie: admin.cookie } });
    expect(list.statusCode).toBe(200);
    // The list shows no bodies, so it reads nothing of the patient's.
    expect(await readsOf(patient.user.id)).toEqual([]);
    const res = await t.app.inject({ url: `/api/admin/emails/${mail.id}`, headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().textBody).toContain('persistent cough');
    const rows = await readsOf(patient.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: admin.user.id, actorRole: 'admin', targetId: mail.id });
  });

  it('nobody but an administrator reads an e-mail body, and the attempt is not a read', async () => {
    const { patient, doctor, appointment } = await visitWithSummary();
    const [mail] = await t.db
      .insert(emailMessages)
      .values({
        userId: patient.user.id,
        appointmentId: appointment.id,
        kind: 'booking_confirmed',
        toAddress: patient.user.email,
        subject: 'Booked',
        textBody: 'Your visit about a persistent cough.',
        htmlBody: '<p>…</p>',
      })
      .returning();
    const res = await t.app.inject({ url: `/api/admin/emails/${mail.id}`, headers: { cookie: doctor.cookie } });
    expect(res.statusCode).toBe(403);
    expect(await readsOf(patient.user.id)).toEqual([]);
  });

  it('an administrator retrying a dead job leaves an audit row', async () => {
    const admin = await signedInUser(t.db, { userType: 'admin' });
    const [job] = await t.db
      .insert(jobs)
      .values({
        kind: 'email',
        payload: { kind: 'welcome', userId: admin.user.id },
        status: 'dead',
        runAt: clock.now(),
        attempts: 5,
        maxAttempts: 5,
      })
      .returning();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/jobs/${job.id}/retry`,
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.targetId, String(job.id)));
    expect(rows).toEqual([
      expect.objectContaining({
        action: 'job.retry',
        actorId: admin.user.id,
        targetType: 'job',
        occurredAt: clock.now(),
      }),
    ]);
  });
});
