import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../core/clock';
import { createAppointment } from '../../db/factories';
import { appointments, doctors, earnings, ledgerEntries, payments, simulatedPaymentIntents } from '../../db/schema';
import { bookableDoctor } from '../../test-support/booking-fixtures';
import { createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';
import { matchSpecialist } from './matching';

/*
 * A consultation bought from the specialties page (payments/service.ts, the survivors of its first
 * mutation run, docs/mutation-testing.md): the amount must be the published fee, and a paid
 * consultation that finds no doctor to match is given back; the matching tries the next free slot
 * when the one it picked is taken, at most five times. The clock stands tomorrow at 11:30 UTC, so
 * a New York doctor's first slot after the hour's lead time is 09:00 there.
 */

const tomorrow = new Date(Date.now() + 86_400_000);
tomorrow.setUTCHours(11, 30, 0, 0);
const clock = fixedClock(tomorrow);
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(() => t.close());

const CARD = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', postcode: '10001' };
const post = (cookie: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
const specialtyCheckout = (cookie: string, specialty: string, amount: number) =>
  post(cookie, '/api/payments/create-specialty-intent', { specialty, amount });

/** Pays a specialty intent with a good card and confirms it, as the specialties page does. */
async function payAndConfirm(cookie: string, intent: { clientSecret: string; paymentIntentId: string }) {
  const card = await post(cookie, '/api/payments/simulated/confirm-card', {
    clientSecret: intent.clientSecret,
    card: CARD,
  });
  expect(card.json().status).toBe('succeeded');
  return post(cookie, '/api/payments/confirm', { paymentIntentId: intent.paymentIntentId });
}

/** The specialty's only listed doctor is a new one of the test's (others' factory doctors are unlisted). */
async function onlyDoctorOf(specialty: string) {
  await t.db.update(doctors).set({ isActive: false }).where(eq(doctors.specialty, specialty));
  return bookableDoctor(t.db, { doctor: { specialty, averageRating: 4.8, reviewCount: 20 } });
}

const paymentsOf = (patientId: string) => t.db.select().from(payments).where(eq(payments.patientId, patientId));
const intentsOf = async (patientId: string) =>
  (await t.db.select().from(simulatedPaymentIntents)).filter((i) => JSON.parse(i.metadata).patientId === patientId);
const visitsOf = (patientId: string) => t.db.select().from(appointments).where(eq(appointments.patientId, patientId));
const cardTransfers = async (paymentId: string) =>
  (await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, paymentId)))
    .filter((e) => e.kind.startsWith('card_'))
    .map((e) => [e.kind, e.account.split(':')[0], e.amount]);

/** An unpaid booking of someone else's, made 31 minutes ago: its hold has run out but its row still stands. */
async function lapsedHold(doctorId: string, startsAt: Date) {
  const someone = await signedInUser(t.db);
  return createAppointment(t.db, {
    patientId: someone.user.id,
    doctorId,
    startsAt,
    timeZone: 'America/New_York',
    durationMinutes: 30,
    status: 'pending',
    createdAt: new Date(clock.now().getTime() - 31 * 60_000),
  });
}
const minutesAfter = (at: Date, minutes: number) => new Date(at.getTime() + minutes * 60_000);

describe('the amount of a specialty checkout', () => {
  it('is refused unless it is the published fee, with the fee in its words, and nothing is written', async () => {
    await onlyDoctorOf('Cardiology');
    const me = await signedInUser(t.db);
    for (const amount of [179.99, 180.01, 18000, 1]) {
      const res = await specialtyCheckout(me.cookie, 'Cardiology', amount);
      expect(res.statusCode, `amount ${amount}`).toBe(400);
      expect(res.json()).toEqual({
        code: 'bad_request',
        message: 'The fee for Cardiology is $180.',
        fields: { amount: 'Must be 180' },
      });
    }
    expect(await paymentsOf(me.user.id)).toEqual([]);
    expect(await intentsOf(me.user.id)).toEqual([]);

    const fee = await specialtyCheckout(me.cookie, 'Cardiology', 180);
    expect(fee.statusCode, fee.body).toBe(200);
    expect(fee.json()).toMatchObject({ amount: 18000, walletAmount: 0, paidWithWallet: false });
    const [payment] = await paymentsOf(me.user.id);
    expect(payment).toMatchObject({
      purpose: 'specialty',
      specialty: 'Cardiology',
      amount: 18000,
      providerIntentId: fee.json().paymentIntentId,
      appointmentId: null,
    });
    // The processor's intent names what it pays for: a webhook hands it to the specialty's handler by it.
    const intents = await intentsOf(me.user.id);
    expect(intents.map((i) => [i.amount, i.currency, JSON.parse(i.metadata)])).toEqual([
      [18000, 'usd', { purpose: 'specialty', specialty: 'Cardiology', patientId: me.user.id }],
    ]);
  });

  it('of a specialty the page does not offer is refused by name, and nothing is written', async () => {
    const me = await signedInUser(t.db);
    const res = await specialtyCheckout(me.cookie, 'Astrology', 180);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'bad_request',
      message: 'We do not offer that specialty.',
      fields: { specialty: 'Unknown specialty' },
    });
    expect(await paymentsOf(me.user.id)).toEqual([]);
    expect(await intentsOf(me.user.id)).toEqual([]);
  });
});

describe('a paid specialty consultation', () => {
  it('whose only doctor stopped taking patients before the confirmation is refunded with the reason, and no visit is made', async () => {
    const { doctor } = await onlyDoctorOf('Dermatology');
    const me = await signedInUser(t.db);
    const intent = await specialtyCheckout(me.cookie, 'Dermatology', 150);
    expect(intent.statusCode, intent.body).toBe(200);
    await t.db.update(doctors).set({ isActive: false }).where(eq(doctors.id, doctor.id));
    const res = await payAndConfirm(me.cookie, intent.json());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'conflict',
      message: 'No Dermatology specialist has a free slot right now. Your payment is being refunded.',
    });
    expect(await visitsOf(me.user.id)).toEqual([]);
    const [payment] = await paymentsOf(me.user.id);
    expect(payment).toMatchObject({ appointmentId: null, status: 'refunded' });
    // Charged, set aside and paid back to the card: nothing kept, no earning for anyone.
    expect((await cardTransfers(payment.id)).sort()).toEqual(
      [
        ['card_charge', 'patient_card', -15000],
        ['card_charge', 'platform_revenue', 15000],
        ['card_refund_paid', 'patient_card', 15000],
        ['card_refund_paid', 'refunds_pending', -15000],
        ['card_refund_requested', 'platform_revenue', -15000],
        ['card_refund_requested', 'refunds_pending', 15000],
      ].sort(),
    );
    const [charged] = await intentsOf(me.user.id);
    expect(charged.amountRefunded).toBe(15000);
    expect(await t.db.select().from(earnings).where(eq(earnings.doctorId, doctor.id))).toEqual([]);
  });

  it('of a specialty taken off the page since the checkout is refunded in its name, not matched', async () => {
    await onlyDoctorOf('Neurology');
    const me = await signedInUser(t.db);
    const intent = await specialtyCheckout(me.cookie, 'Neurology', 200);
    expect(intent.statusCode, intent.body).toBe(200);
    // The page's list changed between the checkout and the payment.
    await t.db.update(payments).set({ specialty: 'Phrenology' }).where(eq(payments.patientId, me.user.id));
    const res = await payAndConfirm(me.cookie, intent.json());
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'No Phrenology specialist has a free slot right now. Your payment is being refunded.',
    );
    expect(await visitsOf(me.user.id)).toEqual([]);
    expect((await paymentsOf(me.user.id))[0].status).toBe('refunded');
  });
});

describe('matching a paid specialty consultation', () => {
  it('takes the next free slot when the first one it picks is still held by a lapsed booking', async () => {
    const { doctor } = await onlyDoctorOf('Urology');
    const me = await signedInUser(t.db);
    const first = await matchSpecialist(t.db, 'Urology', me.user.id, clock.now());
    expect(first).toMatchObject({ doctorId: doctor.id, minutes: 30 });
    const hold = await lapsedHold(doctor.id, first!.startsAt);

    const intent = await specialtyCheckout(me.cookie, 'Urology', 160);
    const res = await payAndConfirm(me.cookie, intent.json());
    expect(res.statusCode, res.body).toBe(200);
    const matched = res.json().appointment;
    expect(matched).toMatchObject({
      status: 'confirmed',
      doctorId: doctor.id,
      patientId: me.user.id,
      startsAt: minutesAfter(first!.startsAt, 30).toISOString(),
      timeZone: 'America/New_York',
      consultationType: 'video',
      durationMinutes: 30,
      fee: 16000,
      reasonForVisit: 'Urology consultation (matched from the specialties page)',
    });
    expect(await visitsOf(me.user.id)).toHaveLength(1);
    const [payment] = await paymentsOf(me.user.id);
    expect(payment).toMatchObject({ status: 'succeeded', appointmentId: matched.id });
    // The lapsed booking is someone else's and is left as it was.
    const [held] = await t.db.select().from(appointments).where(eq(appointments.id, hold.id));
    expect(held).toMatchObject({ status: 'pending', startsAt: first!.startsAt });
  });

  it('gives up after five taken slots in a row and refunds, though a sixth is free', async () => {
    const { doctor } = await onlyDoctorOf('Pulmonology');
    const me = await signedInUser(t.db);
    const first = await matchSpecialist(t.db, 'Pulmonology', me.user.id, clock.now());
    for (let slot = 0; slot < 5; slot++) await lapsedHold(doctor.id, minutesAfter(first!.startsAt, 30 * slot));
    // The sixth slot is free: matching would find it, but five slots lost in one payment is the limit.
    const sixth = await matchSpecialist(
      t.db,
      'Pulmonology',
      me.user.id,
      clock.now(),
      new Set([0, 1, 2, 3, 4].map((n) => `${doctor.id}@${minutesAfter(first!.startsAt, 30 * n).toISOString()}`)),
    );
    expect(sixth?.startsAt).toEqual(minutesAfter(first!.startsAt, 150));

    const intent = await specialtyCheckout(me.cookie, 'Pulmonology', 170);
    const res = await payAndConfirm(me.cookie, intent.json());
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'No Pulmonology specialist has a free slot right now. Your payment is being refunded.',
    );
    expect(await visitsOf(me.user.id)).toEqual([]);
    expect((await paymentsOf(me.user.id))[0]).toMatchObject({ status: 'refunded', appointmentId: null });
  });
});
