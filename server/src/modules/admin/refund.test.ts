import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appointmentProposals,
  auditEvents,
  consultations,
  emailMessages,
  notifications,
  payments,
  users,
} from '../../db/schema';
import { book, bookableDoctor, localDate } from '../../test-support/booking-fixtures';
import { createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';
import { expectWalletInvariant } from '../../test-support/wallet-invariant';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, payload });
const walletOf = async (id: string) =>
  (await t.db.select({ b: users.walletBalance }).from(users).where(eq(users.id, id)))[0].b;

describe('goodwill credits', () => {
  it('credit a patient’s wallet with a reason they see, audited; anything else is refused', async () => {
    const admin = await signedInUser(t.db, { userType: 'admin' });
    const patient = await signedInUser(t.db);
    const url = `/api/admin/users/${patient.user.id}/wallet-credits`;
    for (const bad of [
      { amount: 0, reason: 'x' },
      { amount: 50_001, reason: 'x' },
      { amount: 12.5, reason: 'x' },
      { amount: 100, reason: '' },
      { amount: 100, reason: 'late\u0000' },
      { amount: 2 ** 31, reason: 'x' },
    ]) {
      expect((await call(admin.cookie, 'POST', url, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await walletOf(patient.user.id)).toBe(0);
    const doctor = await bookableDoctor(t.db);
    const refused = await call(admin.cookie, 'POST', `/api/admin/users/${doctor.user.id}/wallet-credits`, {
      amount: 100,
      reason: 'Sorry',
    });
    expect(refused.statusCode).toBe(409);
    expect((await call(patient.cookie, 'POST', url, { amount: 100, reason: 'Self' })).statusCode).toBe(403);

    const ok = await call(admin.cookie, 'POST', url, { amount: 2500, reason: 'Your doctor was 40 minutes late' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ id: patient.user.id, walletBalance: 2500 });
    const wallet = (await call(patient.cookie, 'GET', '/api/wallet')).json();
    expect(wallet).toMatchObject({
      balance: 2500,
      entries: [{ amount: 2500, reason: 'goodwill_credit', memo: 'Your doctor was 40 minutes late' }],
    });
    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'wallet.credit'), eq(auditEvents.subjectUserId, patient.user.id)));
    expect(audit).toMatchObject({ actorId: admin.user.id, after: expect.objectContaining({ amount: 2500 }) });
    await expectWalletInvariant(t.db);
  });
});

describe('a refund from the console', () => {
  it('returns the wallet part and the card part, expires the proposal, closes the room and tells both', async () => {
    const admin = await signedInUser(t.db, { userType: 'admin' });
    const patient = await signedInUser(t.db);
    const { doctor, user: doctorUser, cookie: doctorCookie } = await bookableDoctor(t.db);
    await call(admin.cookie, 'POST', `/api/admin/users/${patient.user.id}/wallet-credits`, {
      amount: 2500,
      reason: 'Welcome back',
    });
    const booked = await book(t.app, patient.cookie, { doctorId: doctor.id, appointmentDate: localDate(10) });
    const appointmentId = booked.json().id as string;
    const intent = await call(patient.cookie, 'POST', '/api/payments/create-intent', {
      appointmentId,
      useWallet: true,
    });
    expect(intent.json()).toMatchObject({ amount: 12500, walletAmount: 2500 });
    await call(patient.cookie, 'POST', '/api/payments/simulated/confirm-card', {
      clientSecret: intent.json().clientSecret,
      card: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', postcode: '10001' },
    });
    const confirmed = await call(patient.cookie, 'POST', '/api/payments/confirm', {
      paymentIntentId: intent.json().paymentIntentId,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await walletOf(patient.user.id)).toBe(0);
    const proposal = await call(doctorCookie, 'POST', `/api/doctor/appointments/${appointmentId}/proposals`, {
      appointmentDate: localDate(11),
      appointmentTime: '11:00 AM',
    });
    expect(proposal.statusCode, proposal.body).toBe(201);
    await t.db.insert(consultations).values({ appointmentId });

    const [payment] = await t.db.select().from(payments).where(eq(payments.appointmentId, appointmentId));
    const refund = await call(admin.cookie, 'POST', `/api/admin/payments/${payment.id}/refund`);
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json()).toMatchObject({ status: 'refunded', refundedAmount: 12500 });
    expect(await walletOf(patient.user.id)).toBe(2500);
    // Each part with its amount and destination: the wallet part is never shown as $0 or as the card's.
    expect(refund.json().refunds).toEqual([
      expect.objectContaining({ to: 'wallet', amount: 2500, status: 'succeeded' }),
      expect.objectContaining({ to: 'card', amount: 12500, status: 'succeeded' }),
    ]);
    await t.app.jobWorker.runDue();
    const [refundMail] = await t.db
      .select()
      .from(emailMessages)
      .where(and(eq(emailMessages.appointmentId, appointmentId), eq(emailMessages.kind, 'booking_refunded')));
    expect(refundMail.textBody).toContain(
      `We refunded $150 for your video call with Dr. ${doctorUser.firstName} ${doctorUser.lastName}. $25 back to your Medora wallet and $125 back to your card.`,
    );
    const [open] = await t.db
      .select()
      .from(appointmentProposals)
      .where(eq(appointmentProposals.appointmentId, appointmentId));
    expect(open.status).toBe('expired');
    const [room] = await t.db.select().from(consultations).where(eq(consultations.appointmentId, appointmentId));
    expect(room.status).toBe('ended');
    const told = async (userId: string) =>
      (await t.db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.title);
    expect(await told(patient.user.id)).toContain('Appointment Cancelled');
    expect(await told(doctorUser.id)).toContain('Appointment Cancelled');
    const audit = await t.db.select().from(auditEvents).where(eq(auditEvents.targetId, payment.id));
    expect(audit.map((a) => a.action)).toEqual(['payment.refund']);

    // A second refund answers with the detail and moves nothing.
    expect((await call(admin.cookie, 'POST', `/api/admin/payments/${payment.id}/refund`)).statusCode).toBe(200);
    expect(await walletOf(patient.user.id)).toBe(2500);
    await expectWalletInvariant(t.db);
  });
});
