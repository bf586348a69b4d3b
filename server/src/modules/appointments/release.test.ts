import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, jobs, ledgerEntries, notifications, payments } from '../../db/schema';
import { book, localDate, paymentFor, payWithCard, pendingBooking } from '../../test-support/booking-fixtures';
import { cookieFor, createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';
import { expectWalletInvariant } from '../../test-support/wallet-invariant';

const logLines: string[] = [];
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'warn' }, { logStream: { write: (line: string) => void logLines.push(line) } });
});
afterAll(() => t.close());

const release = (cookie: string, id: string) =>
  t.app.inject({ method: 'POST', url: `/api/appointments/${id}/release`, headers: { cookie } });
const statusOf = async (id: string) =>
  (await t.db.select({ status: appointments.status }).from(appointments).where(eq(appointments.id, id)))[0].status;
const intentFor = (cookie: string, appointmentId: string) =>
  t.app.inject({ method: 'POST', url: '/api/payments/create-intent', headers: { cookie }, payload: { appointmentId } });

describe('POST /api/appointments/:id/release', () => {
  it('answers 404 to anyone but the patient, the doctor included, and changes nothing', async () => {
    const { appointment, doctor, doctorUser } = await pendingBooking(t.app, t.db, '09:00 AM', 30);
    const stranger = await signedInUser(t.db);
    const doctorCookie = await cookieFor(t.db, doctorUser);
    expect((await release(stranger.cookie, appointment.id)).statusCode).toBe(404);
    const own = await t.app.inject({
      method: 'POST',
      url: `/api/appointments/${appointment.id}/release`,
      headers: { cookie: doctorCookie },
    });
    expect(own.statusCode).toBe(404);
    expect((await release(stranger.cookie, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await release(stranger.cookie, 'not-a-uuid')).statusCode).toBe(400);
    expect(await statusOf(appointment.id)).toBe('pending');
    const slots = await t.app.inject({ url: `/api/doctors/${doctor.id}/availability?date=${localDate(30)}` });
    expect(slots.json().slots.find((s: { label: string }) => s.label === '09:00 AM').available).toBe(false);
  });

  it('answers 401 to a visitor', async () => {
    const { appointment } = await pendingBooking(t.app, t.db, '09:30 AM', 30);
    const res = await t.app.inject({ method: 'POST', url: `/api/appointments/${appointment.id}/release` });
    expect(res.statusCode).toBe(401);
    expect(await statusOf(appointment.id)).toBe('pending');
  });

  it('frees the slot at once for someone else, moves no money and tells nobody', async () => {
    const { appointment, doctor, doctorUser, patient } = await pendingBooking(t.app, t.db, '11:00 AM', 31);
    // A checkout was opened: its intent must not be chargeable after the release.
    const intent = await intentFor(patient.cookie, appointment.id);
    expect(intent.statusCode).toBe(200);
    const res = await release(patient.cookie, appointment.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: appointment.id, status: 'cancelled' });
    expect(await statusOf(appointment.id)).toBe('cancelled');

    const free = await t.app.inject({ url: `/api/doctors/${doctor.id}/availability?date=${localDate(31)}` });
    expect(free.json().slots.find((s: { label: string }) => s.label === '11:00 AM').available).toBe(true);
    const other = await signedInUser(t.db);
    const taken = await book(t.app, other.cookie, {
      doctorId: doctor.id,
      appointmentDate: localDate(31),
      appointmentTime: '11:00 AM',
    });
    expect(taken.statusCode).toBe(201);

    const payment = await paymentFor(t.db, appointment.id);
    expect(payment.status).toBe('canceled');
    expect(await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, payment.id))).toEqual([]);
    const card = await t.app.inject({
      method: 'POST',
      url: '/api/payments/simulated/confirm-card',
      headers: { cookie: patient.cookie },
      payload: {
        clientSecret: intent.json().clientSecret,
        card: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', postcode: '10001' },
      },
    });
    expect(card.statusCode).toBe(200);
    expect(card.json().status).toBe('canceled');
    expect((await intentFor(patient.cookie, appointment.id)).statusCode).toBe(409);

    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, doctorUser.id), eq(notifications.type, 'appointment_cancelled')));
    expect(told).toEqual([]);
    expect(await t.db.select().from(jobs).where(eq(jobs.appointmentId, appointment.id))).toEqual([]);
    await expectWalletInvariant(t.db);
  });

  it('refuses a second release with 409', async () => {
    const { appointment, patient } = await pendingBooking(t.app, t.db, '01:00 PM', 32);
    expect((await release(patient.cookie, appointment.id)).statusCode).toBe(200);
    const again = await release(patient.cookie, appointment.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This booking was already released or cancelled.');
  });

  it('refuses a paid appointment with 409 and leaves it confirmed and paid', async () => {
    const { appointment, patient } = await pendingBooking(t.app, t.db, '02:00 PM', 33);
    expect((await payWithCard(t.app, patient.cookie, appointment.id)).confirm.statusCode).toBe(200);
    const res = await release(patient.cookie, appointment.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This appointment is paid, so it is not a hold: cancel it instead.');
    expect(await statusOf(appointment.id)).toBe('confirmed');
    expect((await paymentFor(t.db, appointment.id)).status).toBe('succeeded');
  });

  it('keeps a hold whose payment is processing', async () => {
    const { appointment, patient } = await pendingBooking(t.app, t.db, '03:00 PM', 34);
    expect((await intentFor(patient.cookie, appointment.id)).statusCode).toBe(200);
    await t.db.update(payments).set({ status: 'processing' }).where(eq(payments.appointmentId, appointment.id));
    const res = await release(patient.cookie, appointment.id);
    expect(res.statusCode).toBe(409);
    expect(await statusOf(appointment.id)).toBe('pending');
  });

  it('keeps the PATCH cancel rule: an unpaid booking cannot be cancelled there', async () => {
    const { appointment, patient } = await pendingBooking(t.app, t.db, '04:00 PM', 35);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/appointments/${appointment.id}`,
      headers: { cookie: patient.cookie },
      payload: { status: 'cancelled' },
    });
    expect(res.statusCode).toBe(409);
    expect(await statusOf(appointment.id)).toBe('pending');
  });

  it('releases a booking that never reached checkout with no failing step after it', async () => {
    const { appointment, patient } = await pendingBooking(t.app, t.db, '03:30 PM', 36);
    logLines.length = 0;
    expect((await release(patient.cookie, appointment.id)).statusCode).toBe(200);
    // Nothing to close at the processor: no error (pino's level 50) is logged.
    expect(logLines.filter((line) => JSON.parse(line).level >= 50)).toEqual([]);
  });
});
