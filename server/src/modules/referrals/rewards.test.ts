import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { REFERRAL_HOLD_DAYS } from '@common/constants/referrals';
import { wallClock } from '@common/rules/zoned-time';
import { fixedClock } from '../../core/clock';
import {
  appointments,
  doctors,
  earnings,
  ledgerEntries,
  outcomeHolds,
  referrals,
  users,
  walletEntries,
} from '../../db/schema';
import { book, bookableDoctor, keepOldSlots, payWithCard } from '../../test-support/booking-fixtures';
import { createTestApp, registerThroughApi, signedInUser, type TestContext } from '../../test-support/test-app';
import { expectWalletInvariant } from '../../test-support/wallet-invariant';

// The app's clock runs a month behind real time, so sessions (stamped by the database's own
// clock) stay valid while the test moves the app's clock over the refund window.
const clock = fixedClock(new Date(Date.now() - 40 * 86_400_000));
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(() => t.close());

const DAY = 86_400_000;
const dateIn = (days: number) => wallClock(new Date(clock.now().getTime() + days * DAY), 'America/New_York').date;
const unique = (name: string) => `${name}-${Math.random().toString(36).slice(2, 10)}@example.com`;
const call = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, payload });

const register = (email: string, referralCode?: string, userType?: 'patient' | 'doctor') =>
  registerThroughApi(t, email, referralCode, userType);

/** A paid in-person visit two days ahead; the clock is then moved past its start. */
async function paidVisitThatHappened(patientCookie: string, doctor: { id: string }) {
  const booked = await book(t.app, patientCookie, {
    doctorId: doctor.id,
    appointmentDate: dateIn(2),
    consultationType: 'in-person',
  });
  expect(booked.statusCode, booked.body).toBe(201);
  const paid = await payWithCard(t.app, patientCookie, booked.json().id);
  expect(paid.confirm.statusCode, paid.confirm.body).toBe(200);
  return booked.json() as { id: string; startsAt: string };
}

const referralOf = async (userId: string) =>
  (await t.db.select().from(referrals).where(eq(referrals.referredUserId, userId)))[0];
const walletOf = async (userId: string) =>
  (await t.db.select({ balance: users.walletBalance }).from(users).where(eq(users.id, userId)))[0].balance;

describe('an in-person visit the doctor marks done', () => {
  it('completes once after its start, holds the earning for the dispute window and can be reviewed', async () => {
    const { doctor, cookie: doctorCookie } = await bookableDoctor(t.db);
    const patient = await signedInUser(t.db);
    const visit = await paidVisitThatHappened(patient.cookie, doctor);

    const early = await call(doctorCookie, 'POST', `/api/doctor/appointments/${visit.id}/complete`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Only a confirmed visit that has started can be marked.');
    const stranger = await bookableDoctor(t.db);
    expect((await call(stranger.cookie, 'POST', `/api/doctor/appointments/${visit.id}/complete`)).statusCode).toBe(404);

    clock.set(new Date(new Date(visit.startsAt).getTime() + 40 * 60_000));
    const results = await Promise.all(
      Array.from({ length: 10 }, () => call(doctorCookie, 'POST', `/api/doctor/appointments/${visit.id}/complete`)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    const [row] = await t.db.select().from(appointments).where(eq(appointments.id, visit.id));
    expect(row.status).toBe('completed');
    // The doctor's word alone releases nothing: the share waits out the patient's 72-hour dispute window.
    const [earning] = await t.db.select().from(earnings).where(eq(earnings.appointmentId, visit.id));
    expect(earning.status).toBe('pending');
    const [hold] = await t.db.select().from(outcomeHolds).where(eq(outcomeHolds.appointmentId, visit.id));
    expect(hold).toMatchObject({ outcome: 'completed', status: 'held' });
    const review = await call(patient.cookie, 'POST', `/api/appointments/${visit.id}/review`, { rating: 5 });
    expect(review.statusCode, review.body).toBe(201);
  });
});

describe('referral rewards are earned by a completed consultation, held, and taken back on refund', () => {
  it('a referred patient: held at completion, in the wallet after the hold, taken back when refunded', async () => {
    const referrer = await signedInUser(t.db);
    const admin = await signedInUser(t.db, { userType: 'admin' });
    const code = (await call(referrer.cookie, 'GET', '/api/referrals/summary')).json().referralCode;
    const joined = await register(unique('joiner'), code);
    const { doctor, cookie: doctorCookie } = await bookableDoctor(t.db);
    const visit = await paidVisitThatHappened(joined.cookie, doctor);
    expect(await referralOf(joined.id)).toMatchObject({ status: 'pending' });

    clock.set(new Date(new Date(visit.startsAt).getTime() + 40 * 60_000));
    expect((await call(doctorCookie, 'POST', `/api/doctor/appointments/${visit.id}/complete`)).statusCode).toBe(200);
    expect(await referralOf(joined.id)).toMatchObject({ status: 'held', referrerId: referrer.user.id });
    expect(await walletOf(referrer.user.id)).toBe(0);

    await t.app.jobWorker.runDue();
    expect(await walletOf(referrer.user.id)).toBe(0);
    clock.advance(REFERRAL_HOLD_DAYS * DAY + 60_000);
    await t.app.jobWorker.runDue();
    await t.app.jobWorker.runDue();
    expect(await referralOf(joined.id)).toMatchObject({ status: 'rewarded' });
    expect(await walletOf(referrer.user.id)).toBe(2500);

    const paymentId = (await t.db.select().from(earnings).where(eq(earnings.appointmentId, visit.id)))[0].paymentId!;
    const refund = await call(admin.cookie, 'POST', `/api/admin/payments/${paymentId}/refund`);
    expect(refund.statusCode, refund.body).toBe(200);
    expect(await referralOf(joined.id)).toMatchObject({ status: 'reversed' });
    expect(await walletOf(referrer.user.id)).toBe(0);
    const lines = await t.db.select().from(walletEntries).where(eq(walletEntries.userId, referrer.user.id));
    expect(lines.map((l) => [l.reason, l.amount])).toEqual([
      ['referral_reward', 2500],
      ['referral_reversal', -2500],
    ]);
    await expectWalletInvariant(t.db);
  });

  it('a reward already spent when it is taken back: the shortfall is recorded in the ledger', async () => {
    // This story moves the clock over the hold; the later stories need it behind real time again.
    const start = clock.now();
    onTestFinished(() => clock.set(start));
    const referrer = await signedInUser(t.db);
    const admin = await signedInUser(t.db, { userType: 'admin' });
    const code = (await call(referrer.cookie, 'GET', '/api/referrals/summary')).json().referralCode;
    const joined = await register(unique('spent'), code);
    const { doctor, cookie: doctorCookie } = await bookableDoctor(t.db);
    const visit = await paidVisitThatHappened(joined.cookie, doctor);
    clock.set(new Date(new Date(visit.startsAt).getTime() + 40 * 60_000));
    expect((await call(doctorCookie, 'POST', `/api/doctor/appointments/${visit.id}/complete`)).statusCode).toBe(200);
    clock.advance(REFERRAL_HOLD_DAYS * DAY + 60_000);
    await t.app.jobWorker.runDue();
    await t.app.jobWorker.runDue();
    expect(await walletOf(referrer.user.id)).toBe(2500);

    // The referrer spends the reward on a visit of their own (wallet first, the card the rest).
    const own = await book(t.app, referrer.cookie, { doctorId: doctor.id, appointmentDate: dateIn(5) });
    expect(own.statusCode, own.body).toBe(201);
    const intent = await call(referrer.cookie, 'POST', '/api/payments/create-intent', {
      appointmentId: own.json().id,
      useWallet: true,
    });
    expect(intent.json()).toMatchObject({ walletAmount: 2500 });
    await call(referrer.cookie, 'POST', '/api/payments/simulated/confirm-card', {
      clientSecret: intent.json().clientSecret,
      card: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', postcode: '10001' },
    });
    const confirmed = await call(referrer.cookie, 'POST', '/api/payments/confirm', {
      paymentIntentId: intent.json().paymentIntentId,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await walletOf(referrer.user.id)).toBe(0);

    const paymentId = (await t.db.select().from(earnings).where(eq(earnings.appointmentId, visit.id)))[0].paymentId!;
    expect((await call(admin.cookie, 'POST', `/api/admin/payments/${paymentId}/refund`)).statusCode).toBe(200);
    const referral = await referralOf(joined.id);
    expect(referral).toMatchObject({ status: 'reversed' });
    // Nothing could come back from the wallet: the 2500 spent is the platform's loss, on record.
    expect(await walletOf(referrer.user.id)).toBe(0);
    const legs = await t.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transferKey, `referral_shortfall:${referral.id}`));
    expect(legs.map((l) => [l.account, l.amount])).toEqual([
      ['referral_shortfall', -2500],
      ['referral_rewards', 2500],
    ]);
    await expectWalletInvariant(t.db);
  });

  it('a refund during the hold reverses the reward before it is ever paid', async () => {
    const referrer = await signedInUser(t.db);
    const admin = await signedInUser(t.db, { userType: 'admin' });
    const code = (await call(referrer.cookie, 'GET', '/api/referrals/summary')).json().referralCode;
    const joined = await register(unique('held'), code);
    const { doctor, cookie: doctorCookie } = await bookableDoctor(t.db);
    const visit = await paidVisitThatHappened(joined.cookie, doctor);
    clock.set(new Date(new Date(visit.startsAt).getTime() + 40 * 60_000));
    await call(doctorCookie, 'POST', `/api/doctor/appointments/${visit.id}/complete`);
    const paymentId = (await t.db.select().from(earnings).where(eq(earnings.appointmentId, visit.id)))[0].paymentId!;
    expect((await call(admin.cookie, 'POST', `/api/admin/payments/${paymentId}/refund`)).statusCode).toBe(200);
    expect(await referralOf(joined.id)).toMatchObject({ status: 'reversed' });
    clock.advance(REFERRAL_HOLD_DAYS * DAY + 60_000);
    await t.app.jobWorker.runDue();
    expect(await walletOf(referrer.user.id)).toBe(0);
    expect(await t.db.select().from(walletEntries).where(eq(walletEntries.userId, referrer.user.id))).toHaveLength(0);
  });

  it('a referred doctor earns at their first completed paid consultation, not at verification', async () => {
    const referrer = await signedInUser(t.db);
    const email = unique('doctor');
    expect(
      (await call(referrer.cookie, 'POST', '/api/referrals', { referredEmail: email, referralType: 'doctor' }))
        .statusCode,
    ).toBe(201);
    const joined = await register(email, undefined, 'doctor');
    // The referred account builds a verified profile (the factory would make an account of its own).
    const [doctor] = await t.db
      .insert(doctors)
      .values({
        userId: joined.id,
        specialty: 'Cardiology',
        timeZone: 'America/New_York',
        consultationFee: 15000,
        videoCallFee: 15000,
        phoneCallFee: 12000,
        inPersonFee: 20000,
        isVerified: true,
        isActive: true,
        profileStatus: 'verified',
      })
      .returning();
    await keepOldSlots(t.db, doctor);
    expect(await walletOf(referrer.user.id)).toBe(0);
    const patient = await signedInUser(t.db);
    const visit = await paidVisitThatHappened(patient.cookie, doctor);
    clock.set(new Date(new Date(visit.startsAt).getTime() + 40 * 60_000));
    const done = await call(joined.cookie, 'POST', `/api/doctor/appointments/${visit.id}/complete`);
    expect(done.statusCode, done.body).toBe(200);
    expect(await referralOf(joined.id)).toMatchObject({ status: 'held', referralType: 'doctor' });
    clock.advance(REFERRAL_HOLD_DAYS * DAY + 60_000);
    await t.app.jobWorker.runDue();
    expect(await walletOf(referrer.user.id)).toBe(10000);
    await expectWalletInvariant(t.db);
  });
});
