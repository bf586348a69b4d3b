import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, doctors, earnings, notifications, payments } from '../../db/schema';
import { bookableDoctor, paymentFor, payWithCard, pendingBooking } from '../../test-support/booking-fixtures';
import { createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';
import type { NotificationType } from '@common/constants/notifications';
import { SPECIALTY_CATALOG } from '@common/constants/specialties';
import { matchSpecialist } from './matching';

const GERIATRICS_FEE = SPECIALTY_CATALOG.find((s) => s.name === 'Geriatrics')!.avgConsultationFee;

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, cookie: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, payload: payload as object });

async function countFor(userId: string, type: NotificationType) {
  return (
    await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, type)))
  ).length;
}

describe('POST /api/payments/create-intent', () => {
  it("charges the appointment's own fee, only to its patient, with one intent per appointment", async () => {
    const { patient, appointment } = await pendingBooking(t.app, t.db);
    const first = await post('/api/payments/create-intent', patient.cookie, { appointmentId: appointment.id });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ amount: 15000, clientSecret: expect.stringMatching(/^pi_sim_.+_secret_/) });
    const second = await post('/api/payments/create-intent', patient.cookie, { appointmentId: appointment.id });
    expect(second.json().paymentIntentId).toBe(first.json().paymentIntentId);
    const stranger = await signedInUser(t.db);
    expect(
      (await post('/api/payments/create-intent', stranger.cookie, { appointmentId: appointment.id })).statusCode,
    ).toBe(404);
    expect((await post('/api/payments/create-intent', patient.cookie, { appointmentId: 'nope' })).statusCode).toBe(400);
  });

  it('refuses an appointment that is already paid', async () => {
    const { patient, appointment } = await pendingBooking(t.app, t.db);
    expect((await payWithCard(t.app, patient.cookie, appointment.id)).confirm.statusCode).toBe(200);
    const again = await post('/api/payments/create-intent', patient.cookie, { appointmentId: appointment.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already paid/);
  });
});

describe('simulated card checkout', () => {
  it('4242… succeeds: payment, confirmation, earning and both notifications in one go', async () => {
    const { patient, appointment, doctor, doctorUser } = await pendingBooking(t.app, t.db);
    const { card, confirm } = await payWithCard(t.app, patient.cookie, appointment.id);
    expect(card.json()).toMatchObject({ status: 'succeeded', error: null });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toMatchObject({
      status: 'succeeded',
      purpose: 'appointment',
      appointment: { id: appointment.id, status: 'confirmed', payment: { status: 'succeeded' } },
    });
    const [earning] = await t.db.select().from(earnings).where(eq(earnings.appointmentId, appointment.id));
    expect(earning).toMatchObject({
      doctorId: doctor.id,
      grossAmount: 15000,
      platformCommission: 2250,
      netEarnings: 12750,
      status: 'pending',
    });
    expect(await countFor(patient.user.id, 'appointment_confirmation')).toBe(1);
    expect(await countFor(doctorUser.id, 'appointment_booking')).toBe(1);
  });

  it('a declined card leaves the appointment pending with the processor’s message; a good card then pays', async () => {
    const { patient, appointment } = await pendingBooking(t.app, t.db);
    const declined = await payWithCard(t.app, patient.cookie, appointment.id, '4000 0000 0000 0002');
    expect(declined.card.json().error).toEqual({ code: 'card_declined', message: 'Your card was declined.' });
    expect(declined.confirm.statusCode).toBe(402);
    expect(declined.confirm.json().message).toBe('Your card was declined.');
    const [row] = await t.db.select().from(appointments).where(eq(appointments.id, appointment.id));
    expect(row.status).toBe('pending');
    const poor = await payWithCard(t.app, patient.cookie, appointment.id, '4000 0000 0000 9995');
    expect(poor.card.json().error.message).toBe('Your card has insufficient funds.');
    const good = await payWithCard(t.app, patient.cookie, appointment.id);
    expect(good.paymentIntentId).toBe(declined.paymentIntentId);
    expect(good.confirm.statusCode).toBe(200);
  });

  it('checks the card itself: Luhn, expiry, CVC and postcode give 400 with fields', async () => {
    const { patient, appointment } = await pendingBooking(t.app, t.db);
    const intent = await post('/api/payments/create-intent', patient.cookie, { appointmentId: appointment.id });
    const res = await post('/api/payments/simulated/confirm-card', patient.cookie, {
      clientSecret: intent.json().clientSecret,
      card: { number: '4242 4242 4242 4241', expiry: '01/20', cvc: '1', postcode: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(['cvc', 'expiry', 'number', 'postcode']);
  });

  it('never trusts the client: confirming an unpaid intent is 402, someone else’s is 404', async () => {
    const { patient, appointment } = await pendingBooking(t.app, t.db);
    const intent = await post('/api/payments/create-intent', patient.cookie, { appointmentId: appointment.id });
    const early = await post('/api/payments/confirm', patient.cookie, {
      paymentIntentId: intent.json().paymentIntentId,
    });
    expect(early.statusCode).toBe(402);
    const stranger = await signedInUser(t.db);
    expect(
      (await post('/api/payments/confirm', stranger.cookie, { paymentIntentId: intent.json().paymentIntentId }))
        .statusCode,
    ).toBe(404);
  });

  it('50 concurrent confirms of one paid intent give one payment, one earning and one notification each', async () => {
    const { patient, appointment, doctorUser } = await pendingBooking(t.app, t.db);
    const intent = await post('/api/payments/create-intent', patient.cookie, { appointmentId: appointment.id });
    const { clientSecret, paymentIntentId } = intent.json();
    await post('/api/payments/simulated/confirm-card', patient.cookie, {
      clientSecret,
      card: { number: '4242424242424242', expiry: '12/34', cvc: '123', postcode: '10001' },
    });
    const results = await Promise.all(
      Array.from({ length: 50 }, () => post('/api/payments/confirm', patient.cookie, { paymentIntentId })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    expect(await t.db.select().from(earnings).where(eq(earnings.appointmentId, appointment.id))).toHaveLength(1);
    expect(await countFor(patient.user.id, 'appointment_confirmation')).toBe(1);
    expect(await countFor(doctorUser.id, 'appointment_booking')).toBe(1);
    expect((await paymentFor(t.db, appointment.id)).status).toBe('succeeded');
  });
});

describe('specialty checkout', () => {
  // Other tests' factory doctors get random specialties and ratings; take them out of the running.
  const onlyOurDoctorsIn = (specialty: string) =>
    t.db.update(doctors).set({ isActive: false }).where(eq(doctors.specialty, specialty));

  it('requires the published fee and matches the best-rated verified doctor with a free slot', async () => {
    await onlyOurDoctorsIn('Cardiology');
    const best = await bookableDoctor(t.db, {
      doctor: { specialty: 'Cardiology', averageRating: 4.9, reviewCount: 10 },
    });
    await bookableDoctor(t.db, { doctor: { specialty: 'Cardiology', averageRating: 4.2, reviewCount: 99 } });
    await bookableDoctor(t.db, { doctor: { specialty: 'Cardiology', averageRating: 5, isVerified: false } });
    const me = await signedInUser(t.db);
    const wrong = await post('/api/payments/create-specialty-intent', me.cookie, {
      specialty: 'Cardiology',
      amount: 1,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('The fee for Cardiology is $180.');
    expect(
      (await post('/api/payments/create-specialty-intent', me.cookie, { specialty: 'Astrology', amount: 180 }))
        .statusCode,
    ).toBe(400);
    const intent = await post('/api/payments/create-specialty-intent', me.cookie, {
      specialty: 'Cardiology',
      amount: 180,
    });
    expect(intent.statusCode).toBe(200);
    expect(intent.json().amount).toBe(18000);
    await post('/api/payments/simulated/confirm-card', me.cookie, {
      clientSecret: intent.json().clientSecret,
      card: { number: '4242424242424242', expiry: '12/34', cvc: '123', postcode: '10001' },
    });
    const confirm = await post('/api/payments/confirm', me.cookie, { paymentIntentId: intent.json().paymentIntentId });
    expect(confirm.statusCode).toBe(200);
    const matched = confirm.json().appointment;
    expect(matched).toMatchObject({
      status: 'confirmed',
      doctorId: best.doctor.id,
      fee: 18000,
      patientId: me.user.id,
      consultationType: 'video',
    });
    expect(Date.parse(matched.startsAt)).toBeGreaterThan(Date.now() + 59 * 60_000);
    const [earning] = await t.db.select().from(earnings).where(eq(earnings.appointmentId, matched.id));
    expect(earning.netEarnings).toBe(15300);
  });

  it('among equally rated doctors picks the earliest free slot', async () => {
    await onlyOurDoctorsIn('Nephrology');
    const now = new Date('2030-07-01T11:30:00Z'); // 07:30 in New York; the first slot after the lead time is 09:00
    // Ranked the same, but free only from 3 PM.
    await bookableDoctor(t.db, {
      doctor: { specialty: 'Nephrology', averageRating: 4.8, reviewCount: 40, availableFrom: '15:00' },
    });
    const early = await bookableDoctor(t.db, {
      doctor: { specialty: 'Nephrology', averageRating: 4.8, reviewCount: 40 },
    });
    const patient = await signedInUser(t.db);
    const match = await matchSpecialist(t.db, 'Nephrology', patient.user.id, now);
    expect(match).toEqual({
      doctorId: early.doctor.id,
      timeZone: 'America/New_York',
      startsAt: new Date('2030-07-01T13:00:00Z'),
      minutes: 30,
    });
  });

  it('weighs the rating by its reviews like the rating sort: a hundred 4.9s beat one 5.0', async () => {
    await onlyOurDoctorsIn('Rheumatology');
    const now = new Date('2030-07-01T11:30:00Z');
    await bookableDoctor(t.db, { doctor: { specialty: 'Rheumatology', averageRating: 5, reviewCount: 1 } });
    const trusted = await bookableDoctor(t.db, {
      doctor: { specialty: 'Rheumatology', averageRating: 4.9, reviewCount: 100, availableFrom: '15:00' },
    });
    const patient = await signedInUser(t.db);
    const match = await matchSpecialist(t.db, 'Rheumatology', patient.user.id, now);
    expect(match?.doctorId).toBe(trusted.doctor.id);
  });

  it('says so when no doctor of the specialty is available, and creates no payment', async () => {
    await onlyOurDoctorsIn('Geriatrics');
    const me = await signedInUser(t.db);
    const res = await post('/api/payments/create-specialty-intent', me.cookie, {
      specialty: 'Geriatrics',
      amount: GERIATRICS_FEE,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/No Geriatrics specialist/);
    expect(await t.db.select().from(payments).where(eq(payments.patientId, me.user.id))).toHaveLength(0);
  });
});
