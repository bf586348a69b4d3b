import { and, eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../core/clock';
import { createPatientProfile } from '../../db/factories';
import {
  appointmentProposals,
  appointments,
  auditEvents,
  earnings,
  jobs,
  notifications,
  payments,
} from '../../db/schema';
import { book, bookableDoctor, localDate, payWithCard } from '../../test-support/booking-fixtures';
import { expectLedgerInvariant } from '../../test-support/ledger-invariant';
import { createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';

const clock = fixedClock(new Date());
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(() => t.close());
beforeEach(() => clock.set(new Date()));

type Doctor = Awaited<ReturnType<typeof bookableDoctor>>;
type Patient = Awaited<ReturnType<typeof signedInUser>>;

async function confirmed(doctor: Doctor, days: number, time: string, patient?: Patient) {
  const who = patient ?? (await signedInUser(t.db, { firstName: 'Ana', lastName: 'Lima' }));
  const res = await book(t.app, who.cookie, {
    doctorId: doctor.doctor.id,
    appointmentDate: localDate(days),
    appointmentTime: time,
  });
  expect(res.statusCode, res.body).toBe(201);
  const paid = await payWithCard(t.app, who.cookie, res.json().id);
  expect(paid.confirm.statusCode).toBe(200);
  return { patient: who, id: res.json().id as string };
}

const post = (url: string, cookie: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });
const reschedule = (id: string, cookie: string, appointmentDate: string, appointmentTime: string) =>
  post(`/api/appointments/${id}/reschedule`, cookie, { appointmentDate, appointmentTime });
const row = async (id: string) => (await t.db.select().from(appointments).where(eq(appointments.id, id)))[0];
const moneyOf = async (id: string) => ({
  payments: await t.db.select().from(payments).where(eq(payments.appointmentId, id)),
  earnings: await t.db.select().from(earnings).where(eq(earnings.appointmentId, id)),
});

describe('POST /api/appointments/:id/reschedule', () => {
  it('moves a confirmed appointment to a free slot of the same doctor and type, keeping the payment', async () => {
    const doctor = await bookableDoctor(t.db);
    const { patient, id } = await confirmed(doctor, 10, '10:00 AM');
    const before = await row(id);
    const money = await moneyOf(id);
    const res = await post(`/api/appointments/${id}/reschedule`, patient.cookie, {
      appointmentDate: localDate(12),
      appointmentTime: '02:30 PM',
      // Ignored: the doctor and the type stay.
      doctorId: (await bookableDoctor(t.db)).doctor.id,
      consultationType: 'voice',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      status: 'confirmed',
      appointmentDate: localDate(12),
      appointmentTime: '02:30 PM',
      consultationType: 'video',
      doctorId: doctor.doctor.id,
      fee: before.fee,
      payment: { status: 'succeeded', refundedAmount: 0 },
    });
    const after = await row(id);
    expect(after.calendarSequence).toBe(1);
    expect(await moneyOf(id)).toEqual(money);
    expect(money.payments).toHaveLength(1);
    await expectLedgerInvariant(t.db);

    // The old slot is free again; the new one is taken.
    const other = await signedInUser(t.db);
    expect(
      (await book(t.app, other.cookie, { doctorId: doctor.doctor.id, appointmentDate: localDate(10) })).statusCode,
    ).toBe(201);
    const clash = await book(t.app, other.cookie, {
      doctorId: doctor.doctor.id,
      appointmentDate: localDate(12),
      appointmentTime: '02:30 PM',
    });
    expect(clash.statusCode).toBe(409);

    // Reminders follow the new time; both sides are told; the move is audited.
    const reminders = await t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.appointmentId, id), eq(jobs.kind, 'reminder'), eq(jobs.status, 'queued')));
    expect(reminders).toHaveLength(4);
    for (const job of reminders) expect(job.runAt.getTime()).toBeGreaterThan(before.startsAt.getTime());
    const mails = await t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.appointmentId, id), eq(jobs.kind, 'email')));
    expect(mails.filter((m) => (m.payload as { kind: string }).kind === 'booking_rescheduled')).toHaveLength(2);
    const bells = await t.db
      .select()
      .from(notifications)
      .where(inArray(notifications.userId, [patient.user.id, doctor.user.id]));
    expect(bells.filter((n) => n.type === 'appointment_rescheduled')).toHaveLength(2);
    const [audit] = await t.db.select().from(auditEvents).where(eq(auditEvents.targetId, id));
    expect(audit).toMatchObject({ action: 'appointment.reschedule', actorId: patient.user.id });
  });

  it('refuses within 24 hours of the start, as cancelling does', async () => {
    const doctor = await bookableDoctor(t.db);
    const { patient, id } = await confirmed(doctor, 3, '11:00 AM');
    const start = (await row(id)).startsAt;
    clock.set(new Date(start.getTime() - 23 * 3_600_000));
    const res = await reschedule(id, patient.cookie, localDate(6), '11:00 AM');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/more than 24 hours before/);
    expect((await row(id)).startsAt).toEqual(start);
  });

  it("answers 404 for someone else's appointment and 409 for one that is not confirmed", async () => {
    const doctor = await bookableDoctor(t.db);
    const { id } = await confirmed(doctor, 10, '09:00 AM');
    const stranger = await signedInUser(t.db);
    expect((await reschedule(id, stranger.cookie, localDate(11), '09:00 AM')).statusCode).toBe(404);
    expect((await reschedule(id, doctor.cookie, localDate(11), '09:00 AM')).statusCode).toBe(404);
    const pending = await book(t.app, stranger.cookie, {
      doctorId: doctor.doctor.id,
      appointmentDate: localDate(10),
      appointmentTime: '03:00 PM',
    });
    const res = await reschedule(pending.json().id, stranger.cookie, localDate(11), '03:00 PM');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Only confirmed appointments can be rescheduled.');
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const doctor = await bookableDoctor(t.db, { doctor: { availableFrom: '09:00', availableTo: '12:00' } });
    const { patient, id } = await confirmed(doctor, 10, '10:00 AM');
    const before = await row(id);
    for (const [date, time] of [
      ['9999-01-01', '10:00 AM'],
      ['1800-01-01', '10:00 AM'],
      ['2026-02-30', '10:00 AM'],
      [localDate(400), '10:00 AM'],
      [localDate(-2), '10:00 AM'],
      [localDate(11), '10:15 AM'],
      [localDate(11), '04:00 PM'],
      [localDate(11), '10:00 AM\u0000'],
      [localDate(10), '10:00 AM'],
    ]) {
      const res = await reschedule(id, patient.cookie, date, time);
      expect(res.statusCode, `${date} ${time}: ${res.body}`).toBe(400);
    }
    expect(await row(id)).toEqual(before);
  });
});

describe('one slot, twenty people', () => {
  it('lets exactly one of 20 concurrent reschedules and bookings take a slot', async () => {
    const doctor = await bookableDoctor(t.db);
    const movers: Awaited<ReturnType<typeof confirmed>>[] = [];
    const times = [
      '09:00 AM',
      '09:30 AM',
      '10:00 AM',
      '10:30 AM',
      '11:00 AM',
      '11:30 AM',
      '12:00 PM',
      '12:30 PM',
      '01:00 PM',
      '01:30 PM',
    ];
    for (const time of times) movers.push(await confirmed(doctor, 20, time));
    const bookers = await Promise.all(times.map(() => signedInUser(t.db)));
    const target = { appointmentDate: localDate(22), appointmentTime: '03:30 PM' };
    const attempts = [
      ...movers.map((m) => () => reschedule(m.id, m.patient.cookie, target.appointmentDate, target.appointmentTime)),
      ...bookers.map((b) => () => book(t.app, b.cookie, { doctorId: doctor.doctor.id, ...target })),
    ];
    // Interleave the two kinds so neither always starts first.
    const order = attempts.map((_, i) => (i % 2 === 0 ? attempts[i / 2] : attempts[10 + (i - 1) / 2]));
    const results = await Promise.all(order.map((go) => go()));
    const won = results.filter((r) => r.statusCode === 200 || r.statusCode === 201);
    const lost = results.filter((r) => r.statusCode === 409);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(19);
    for (const r of lost)
      expect(r.json().message).toBe('This time slot has just been booked. Please choose another time.');
    const live = await t.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.doctorId, doctor.doctor.id), ne(appointments.status, 'cancelled')));
    const atTarget = live.filter((a) => a.startsAt.toISOString() === won[0].json().startsAt);
    expect(atTarget).toHaveLength(1);
    // Losing movers kept their own time and their payment.
    const kept = live.filter((a) => movers.some((m) => m.id === a.id) && a.calendarSequence === 0);
    expect(kept.length).toBeGreaterThanOrEqual(9);
    await expectLedgerInvariant(t.db);
  });
});

describe('the doctor cancels', () => {
  it('refunds the patient in full even within 24 hours, with the reason, and reverses the earning', async () => {
    const doctor = await bookableDoctor(t.db);
    const { patient, id } = await confirmed(doctor, 2, '01:00 PM');
    const start = (await row(id)).startsAt;
    clock.set(new Date(start.getTime() - 2 * 3_600_000));
    const res = await post(`/api/doctor/appointments/${id}/cancel`, doctor.cookie, { reason: 'I am unwell today.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('cancelled');
    const {
      payments: [payment],
      earnings: [earning],
    } = await moneyOf(id);
    expect(payment.status).toBe('refunded');
    expect(payment.refundedAmount).toBe(payment.amount);
    expect(earning.status).toBe('reversed');
    await expectLedgerInvariant(t.db);
    expect((await row(id)).cancellationReason).toBe('I am unwell today.');
    // The patient's own list shows the doctor's reason.
    const mine = await t.app.inject({ url: '/api/appointments/patient', headers: { cookie: patient.cookie } });
    expect(mine.json()).toEqual([expect.objectContaining({ id, cancellationReason: 'I am unwell today.' })]);
    const [bell] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, patient.user.id), eq(notifications.type, 'appointment_cancelled')));
    expect(bell.message).toContain('I am unwell today.');
    const reminders = await t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.appointmentId, id), eq(jobs.kind, 'reminder'), eq(jobs.status, 'queued')));
    expect(reminders).toHaveLength(0);
    const again = await post(`/api/doctor/appointments/${id}/cancel`, doctor.cookie, { reason: 'Twice' });
    expect(again.statusCode).toBe(409);
  });

  it("answers 404 for another doctor's appointment and 400 for a missing, over-long or NUL reason", async () => {
    const doctor = await bookableDoctor(t.db);
    const { id } = await confirmed(doctor, 10, '04:00 PM');
    const other = await bookableDoctor(t.db);
    expect((await post(`/api/doctor/appointments/${id}/cancel`, other.cookie, { reason: 'Mine now' })).statusCode).toBe(
      404,
    );
    for (const reason of ['', '   ', 'x'.repeat(501), 'bad\u0000reason']) {
      const res = await post(`/api/doctor/appointments/${id}/cancel`, doctor.cookie, { reason });
      expect(res.statusCode, JSON.stringify(reason)).toBe(400);
    }
    expect((await row(id)).status).toBe('confirmed');
  });
});

describe('a doctor proposes a new time', () => {
  const propose = (d: Doctor, id: string, appointmentDate: string, appointmentTime: string) =>
    post(`/api/doctor/appointments/${id}/proposals`, d.cookie, { appointmentDate, appointmentTime });
  const proposals = async (p: Patient) =>
    (await t.app.inject({ url: '/api/appointments/proposals', headers: { cookie: p.cookie } })).json() as {
      appointmentId: string;
      appointmentTime: string;
    }[];

  it('moves the appointment when the patient accepts, keeping the payment', async () => {
    const doctor = await bookableDoctor(t.db);
    const { patient, id } = await confirmed(doctor, 10, '09:00 AM');
    const money = await moneyOf(id);
    const made = await propose(doctor, id, localDate(11), '04:30 PM');
    expect(made.statusCode, made.body).toBe(201);
    expect(await proposals(patient)).toEqual([
      expect.objectContaining({ appointmentId: id, appointmentTime: '04:30 PM' }),
    ]);
    const stranger = await signedInUser(t.db);
    expect((await post(`/api/appointments/${id}/proposal/accept`, stranger.cookie)).statusCode).toBe(404);
    const res = await post(`/api/appointments/${id}/proposal/accept`, patient.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      appointmentDate: localDate(11),
      appointmentTime: '04:30 PM',
      status: 'confirmed',
    });
    expect(await moneyOf(id)).toEqual(money);
    expect(await proposals(patient)).toEqual([]);
    // The doctor's bell says the patient took the new time.
    const bells = await t.db.select().from(notifications).where(eq(notifications.userId, doctor.user.id));
    expect(bells.find((n) => n.type === 'appointment_rescheduled')?.message).toContain('Ana Lima');
    expect((await post(`/api/appointments/${id}/proposal/accept`, patient.cookie)).statusCode).toBe(409);
  });

  it('keeps the appointment when the patient declines, and tells the doctor', async () => {
    const doctor = await bookableDoctor(t.db);
    const { patient, id } = await confirmed(doctor, 10, '09:30 AM');
    const before = await row(id);
    await propose(doctor, id, localDate(11), '09:30 AM');
    const res = await post(`/api/appointments/${id}/proposal/decline`, patient.cookie);
    expect(res.statusCode).toBe(200);
    expect((await row(id)).startsAt).toEqual(before.startsAt);
    const bells = await t.db.select().from(notifications).where(eq(notifications.userId, doctor.user.id));
    expect(bells.some((n) => n.type === 'reschedule_declined')).toBe(true);
  });

  it('keeps one open proposal per appointment; a newer one replaces it', async () => {
    const doctor = await bookableDoctor(t.db);
    const { patient, id } = await confirmed(doctor, 10, '10:30 AM');
    await propose(doctor, id, localDate(11), '10:30 AM');
    expect((await propose(doctor, id, localDate(12), '10:30 AM')).statusCode).toBe(201);
    const open = await t.db
      .select()
      .from(appointmentProposals)
      .where(and(eq(appointmentProposals.appointmentId, id), eq(appointmentProposals.status, 'open')));
    expect(open).toHaveLength(1);
    expect((await proposals(patient))[0]).toMatchObject({ appointmentId: id });
  });

  it('expires when the slot passes or the appointment changes, and answers 409 when the slot was taken', async () => {
    const doctor = await bookableDoctor(t.db);
    const a = await confirmed(doctor, 10, '11:30 AM');
    await propose(doctor, a.id, localDate(11), '11:30 AM');
    // The patient moves it themselves: the proposal no longer applies.
    expect((await reschedule(a.id, a.patient.cookie, localDate(13), '11:30 AM')).statusCode).toBe(200);
    expect(await proposals(a.patient)).toEqual([]);
    expect((await post(`/api/appointments/${a.id}/proposal/accept`, a.patient.cookie)).statusCode).toBe(409);

    // Sessions end after 7 idle days, so the slot that passes is near.
    const b = await confirmed(doctor, 3, '12:30 PM');
    await propose(doctor, b.id, localDate(4), '12:30 PM');
    clock.set(new Date(Date.now() + 5 * 86_400_000));
    expect(await proposals(b.patient)).toEqual([]);
    clock.set(new Date());

    const c = await confirmed(doctor, 10, '01:30 PM');
    expect((await propose(doctor, c.id, localDate(11), '01:30 PM')).statusCode).toBe(201);
    const rival = await signedInUser(t.db);
    expect(
      (
        await book(t.app, rival.cookie, {
          doctorId: doctor.doctor.id,
          appointmentDate: localDate(11),
          appointmentTime: '01:30 PM',
        })
      ).statusCode,
    ).toBe(201);
    const before = await row(c.id);
    const res = await post(`/api/appointments/${c.id}/proposal/accept`, c.patient.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'The proposed time has just been booked by someone else. Your appointment keeps its current time.',
    );
    expect(await row(c.id)).toEqual(before);
    expect((await propose(doctor, c.id, localDate(11), '01:30 PM')).statusCode).toBe(409);
  });

  it('expires the open proposal when the patient cancels, in the same transaction', async () => {
    const doctor = await bookableDoctor(t.db);
    const { patient, id } = await confirmed(doctor, 10, '02:30 PM');
    await propose(doctor, id, localDate(11), '02:30 PM');
    const cancelled = await t.app.inject({
      method: 'PATCH',
      url: `/api/appointments/${id}`,
      headers: { cookie: patient.cookie },
      payload: { status: 'cancelled' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const left = await t.db.select().from(appointmentProposals).where(eq(appointmentProposals.appointmentId, id));
    expect(left.map((p) => p.status)).toEqual(['expired']);
    expect((await post(`/api/appointments/${id}/proposal/accept`, patient.cookie)).statusCode).toBe(409);
    expect((await row(id)).status).toBe('cancelled');
  });

  it("refuses another doctor's appointment (404) and a slot outside the doctor's schedule (400)", async () => {
    const doctor = await bookableDoctor(t.db, { doctor: { availableFrom: '09:00', availableTo: '12:00' } });
    const { id } = await confirmed(doctor, 10, '09:00 AM');
    const other = await bookableDoctor(t.db);
    expect((await propose(other, id, localDate(11), '09:00 AM')).statusCode).toBe(404);
    expect((await propose(doctor, id, localDate(11), '03:00 PM')).statusCode).toBe(400);
    expect((await propose(doctor, id, localDate(400), '09:00 AM')).statusCode).toBe(400);
  });
});

describe('GET /api/doctor/appointments', () => {
  it('pages upcoming and past appointments with filters, only the caller’s own', async () => {
    const doctor = await bookableDoctor(t.db);
    const ids: string[] = [];
    for (const time of ['09:00 AM', '09:30 AM', '10:00 AM', '10:30 AM', '11:00 AM'])
      ids.push((await confirmed(doctor, 5, time)).id);
    await post(`/api/doctor/appointments/${ids[1]}/cancel`, doctor.cookie, { reason: 'Clinic closed' });
    const get = (q: string) =>
      t.app.inject({ url: `/api/doctor/appointments?${q}`, headers: { cookie: doctor.cookie } });
    const first = await get('when=upcoming&limit=2');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().items.map((i: { id: string }) => i.id)).toEqual(ids.slice(0, 2));
    const seen = [...first.json().items];
    let cursor = first.json().nextCursor;
    while (cursor) {
      const page = await get(`when=upcoming&limit=2&cursor=${cursor}`);
      seen.push(...page.json().items);
      cursor = page.json().nextCursor;
    }
    expect(seen.map((i) => i.id)).toEqual(ids);
    const cancelled = await get('when=upcoming&status=cancelled');
    expect(cancelled.json().items).toEqual([
      expect.objectContaining({ id: ids[1], cancellationReason: 'Clinic closed' }),
    ]);
    expect((await get('when=upcoming&type=voice')).json().items).toEqual([]);
    clock.set(new Date(Date.now() + 6 * 86_400_000));
    expect((await get('when=past')).json().items.map((i: { id: string }) => i.id)).toEqual([...ids].reverse());
    const other = await bookableDoctor(t.db);
    expect(
      (await t.app.inject({ url: '/api/doctor/appointments', headers: { cookie: other.cookie } })).json().items,
    ).toEqual([]);
    for (const q of ['when=later', 'status=lost', 'limit=0', 'limit=51', 'cursor=abc', 'type=phone']) {
      expect((await get(q)).statusCode, q).toBe(400);
    }
  });
});

describe("the patient's zone in the appointment book", () => {
  it("is the usual zone of the patient's country, else the zone the visit was booked in", async () => {
    const doctor = await bookableDoctor(t.db);
    const abroad = await signedInUser(t.db);
    await createPatientProfile(t.db, abroad.user.id);
    const berlin = await confirmed(doctor, 5, '09:00 AM', abroad);
    const unknown = await confirmed(doctor, 5, '09:30 AM');
    const res = await t.app.inject({ url: '/api/doctor/appointments', headers: { cookie: doctor.cookie } });
    const zones = Object.fromEntries(
      res.json().items.map((i: { id: string; patientTimeZone: string }) => [i.id, i.patientTimeZone]),
    );
    expect(zones).toEqual({ [berlin.id]: 'Europe/Berlin', [unknown.id]: 'America/New_York' });
  });
});
