import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wallClock } from '@common/rules/zoned-time';
import { fixedClock } from '../../core/clock';
import {
  appointments,
  consultationPresence,
  earnings,
  emailMessages,
  notifications,
  outcomeHolds,
  payments,
} from '../../db/schema';
import { book, bookableDoctor, payWithCard } from '../../test-support/booking-fixtures';
import { expectLedgerInvariant } from '../../test-support/ledger-invariant';
import { createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';
import { expectWalletInvariant } from '../../test-support/wallet-invariant';
import { ensureConsultation } from '../consultations/participant';

// The app's clock runs well behind real time, so sessions (stamped by the database's own clock)
// stay valid while the test moves the app's clock over the 72-hour window.
const clock = fixedClock(new Date(Date.now() - 40 * 86_400_000));
let t: TestContext;
let admin: { cookie: string };
beforeAll(async () => {
  t = await createTestApp({}, { clock });
  admin = await signedInUser(t.db, { userType: 'admin' });
});
afterAll(() => t.close());

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
let day = 2;
const call = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, payload });

/** A paid visit of a kind, a few days ahead of the clock; the clock is then set relative to its start. */
async function paidVisit(consultationType: 'video' | 'voice' | 'in-person') {
  clock.set(new Date(Date.now() - 40 * 86_400_000));
  const { doctor, user: doctorUser, cookie: doctorCookie } = await bookableDoctor(t.db);
  const patient = await signedInUser(t.db);
  day += 1;
  const booked = await book(t.app, patient.cookie, {
    doctorId: doctor.id,
    appointmentDate: wallClock(new Date(clock.now().getTime() + day * 86_400_000), 'America/New_York').date,
    consultationType,
  });
  expect(booked.statusCode, booked.body).toBe(201);
  const paid = await payWithCard(t.app, patient.cookie, booked.json().id);
  expect(paid.confirm.statusCode, paid.confirm.body).toBe(200);
  const id = booked.json().id as string;
  const startsAt = new Date(booked.json().startsAt as string);
  const at = (ms: number) => clock.set(new Date(startsAt.getTime() + ms));
  return { id, startsAt, at, doctor, doctorUser, doctorCookie, patient };
}

const earningOf = async (id: string) => (await t.db.select().from(earnings).where(eq(earnings.appointmentId, id)))[0];
const holdOf = async (id: string) =>
  (await t.db.select().from(outcomeHolds).where(eq(outcomeHolds.appointmentId, id)))[0];
const statusOf = async (id: string) =>
  (await t.db.select().from(appointments).where(eq(appointments.id, id)))[0].status;
/** The scheduled release sweep, as the worker runs it once it is due. */
async function runReleaseJob() {
  await t.app.jobWorker.ensureScheduled();
  clock.set(new Date(clock.now().getTime() + 16 * MINUTE));
  await t.app.jobWorker.runDue();
}

describe('a no-show is marked only when the patient truly did not come', () => {
  it('is refused 3 seconds after the start, and allowed at 10 minutes when the patient never joined', async () => {
    const v = await paidVisit('video');
    v.at(3_000);
    const early = await call(v.doctorCookie, 'POST', `/api/doctor/appointments/${v.id}/no-show`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('A no-show can be recorded only 10 minutes after the visit starts.');
    expect(await statusOf(v.id)).toBe('confirmed');
    expect((await earningOf(v.id)).status).toBe('pending');

    v.at(10 * MINUTE);
    const marked = await call(v.doctorCookie, 'POST', `/api/doctor/appointments/${v.id}/no-show`);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(await statusOf(v.id)).toBe('no-show');
  });

  it('is refused when the patient joined the room, however late', async () => {
    const v = await paidVisit('video');
    await ensureConsultation(t.db, v.id);
    await t.db.insert(consultationPresence).values({
      consultationId: v.id,
      userId: v.patient.user.id,
      role: 'patient',
      joinedAt: new Date(v.startsAt.getTime() + MINUTE),
      leftAt: new Date(v.startsAt.getTime() + 5 * MINUTE),
    });
    v.at(20 * MINUTE);
    const res = await call(v.doctorCookie, 'POST', `/api/doctor/appointments/${v.id}/no-show`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'The patient joined the consultation room, so this visit cannot be marked as a no-show.',
    );
    expect(await statusOf(v.id)).toBe('confirmed');
    expect(await holdOf(v.id)).toBeUndefined();
  });
});

describe('an in-app visit is completed by its room, never by the doctor’s hand', () => {
  it('refuses a doctor completing a voice visit, and a video visit', async () => {
    for (const type of ['voice', 'video'] as const) {
      const v = await paidVisit(type);
      v.at(40 * MINUTE);
      const res = await call(v.doctorCookie, 'POST', `/api/doctor/appointments/${v.id}/complete`);
      expect(res.statusCode, type).toBe(409);
      expect(await statusOf(v.id)).toBe('confirmed');
      expect((await earningOf(v.id)).status).toBe('pending');
    }
  });
});

describe('a doctor-marked outcome holds the earning for 72 hours and the patient is told', () => {
  it('holds an in-person visit marked done, tells the patient by bell and mail, and releases it after 72 h with no dispute', async () => {
    const v = await paidVisit('in-person');
    v.at(40 * MINUTE);
    const done = await call(v.doctorCookie, 'POST', `/api/doctor/appointments/${v.id}/complete`);
    expect(done.statusCode, done.body).toBe(200);
    expect((await earningOf(v.id)).status).toBe('pending');
    const hold = await holdOf(v.id);
    expect(hold.status).toBe('held');
    expect(hold.releaseAt.getTime() - hold.markedAt.getTime()).toBe(72 * HOUR);

    const bell = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, v.patient.user.id), eq(notifications.type, 'visit_outcome_marked')));
    expect(bell).toHaveLength(1);
    expect(bell[0].message).toContain('marked your in-person visit');
    await t.app.jobWorker.runDue();
    const [mail] = await t.db
      .select()
      .from(emailMessages)
      .where(and(eq(emailMessages.appointmentId, v.id), eq(emailMessages.kind, 'visit_outcome_marked')));
    expect(mail.toAddress).toBe(v.patient.user.email);
    expect(mail.subject).toBe('Your visit was marked as done');

    // The patient sees the hold on their appointment, with the time the window closes.
    const mine = await call(v.patient.cookie, 'GET', `/api/appointments/${v.id}`);
    expect(mine.json().outcomeHold).toMatchObject({ status: 'held', outcome: 'completed' });

    clock.set(new Date(hold.releaseAt.getTime() - HOUR - 16 * MINUTE));
    await runReleaseJob();
    expect((await earningOf(v.id)).status).toBe('pending');

    clock.set(new Date(hold.releaseAt.getTime()));
    await runReleaseJob();
    expect((await earningOf(v.id)).status).toBe('available');
    expect((await holdOf(v.id)).status).toBe('released');
    const late = await call(v.patient.cookie, 'POST', `/api/appointments/${v.id}/dispute`, { reason: 'Too late' });
    expect(late.statusCode).toBe(409);
    await expectLedgerInvariant(t.db);
  });

  it('a dispute within 72 h stops the release; an administrator refunds the patient through the one refund', async () => {
    const v = await paidVisit('video');
    v.at(12 * MINUTE);
    expect((await call(v.doctorCookie, 'POST', `/api/doctor/appointments/${v.id}/no-show`)).statusCode).toBe(200);

    const stranger = await signedInUser(t.db);
    const theirs = await call(stranger.cookie, 'POST', `/api/appointments/${v.id}/dispute`, { reason: 'Not mine' });
    expect(theirs.statusCode).toBe(404);
    const empty = await call(v.patient.cookie, 'POST', `/api/appointments/${v.id}/dispute`, { reason: '   ' });
    expect(empty.statusCode).toBe(400);

    v.at(30 * HOUR);
    const disputed = await call(v.patient.cookie, 'POST', `/api/appointments/${v.id}/dispute`, {
      reason: 'I waited in the room for 20 minutes; the doctor never came.',
    });
    expect(disputed.statusCode, disputed.body).toBe(200);
    expect(disputed.json()).toMatchObject({ status: 'disputed', outcome: 'no-show' });
    const again = await call(v.patient.cookie, 'POST', `/api/appointments/${v.id}/dispute`, { reason: 'Again' });
    expect(again.statusCode).toBe(409);

    v.at(80 * HOUR);
    await runReleaseJob();
    expect((await earningOf(v.id)).status).toBe('pending');

    expect((await call(v.doctorCookie, 'GET', '/api/admin/disputes')).statusCode).toBe(403);
    const list = await call(admin.cookie, 'GET', '/api/admin/disputes');
    expect(list.statusCode).toBe(200);
    const line = (list.json() as { id: string }[]).find((d) => d.id === v.id);
    expect(line).toMatchObject({
      status: 'disputed',
      outcome: 'no-show',
      disputeReason: expect.stringContaining('waited'),
    });

    const resolved = await call(admin.cookie, 'POST', `/api/admin/disputes/${v.id}/resolve`, {
      outcome: 'refund',
      note: 'The room shows the patient waiting.',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().status).toBe('refunded');
    const [payment] = await t.db.select().from(payments).where(eq(payments.appointmentId, v.id));
    expect(['refund_pending', 'refunded']).toContain(payment.status);
    expect((await earningOf(v.id)).status).toBe('reversed');
    const twice = await call(admin.cookie, 'POST', `/api/admin/disputes/${v.id}/resolve`, { outcome: 'release' });
    expect(twice.statusCode).toBe(409);
    expect((await earningOf(v.id)).status).toBe('reversed');
    await expectWalletInvariant(t.db);
    await expectLedgerInvariant(t.db);
  });

  it('an administrator may release a disputed share to the doctor', async () => {
    const v = await paidVisit('in-person');
    v.at(45 * MINUTE);
    expect((await call(v.doctorCookie, 'POST', `/api/doctor/appointments/${v.id}/complete`)).statusCode).toBe(200);
    v.at(2 * HOUR);
    const disputed = await call(v.patient.cookie, 'POST', `/api/appointments/${v.id}/dispute`, {
      reason: 'The visit was cut short.',
    });
    expect(disputed.statusCode).toBe(200);
    const bad = await call(admin.cookie, 'POST', `/api/admin/disputes/${v.id}/resolve`, { outcome: 'keep' });
    expect(bad.statusCode).toBe(400);
    const released = await call(admin.cookie, 'POST', `/api/admin/disputes/${v.id}/resolve`, {
      outcome: 'release',
      note: 'The doctor’s notes show a full visit.',
    });
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json()).toMatchObject({
      status: 'released',
      resolutionNote: 'The doctor’s notes show a full visit.',
    });
    expect((await earningOf(v.id)).status).toBe('available');
    const [payment] = await t.db.select().from(payments).where(eq(payments.appointmentId, v.id));
    expect(payment.status).toBe('succeeded');
    await expectLedgerInvariant(t.db);
  });
});
