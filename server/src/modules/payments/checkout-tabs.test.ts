import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, simulatedPaymentIntents, users } from '../../db/schema';
import { pendingBooking } from '../../test-support/booking-fixtures';
import { createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';
import { expectWalletInvariant } from '../../test-support/wallet-invariant';

// One appointment paid from two tabs: the card in one, the wallet in the other, in either order.
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CARD = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', postcode: '10001' };
const call = (cookie: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

async function patientWithCredit() {
  const admin = await signedInUser(t.db, { userType: 'admin' });
  const booking = await pendingBooking(t.app, t.db);
  const credit = await call(admin.cookie, `/api/admin/users/${booking.patient.user.id}/wallet-credits`, {
    amount: 20000,
    reason: 'Test credit',
  });
  expect(credit.statusCode, credit.body).toBe(200);
  return booking;
}

const walletOf = async (id: string) =>
  (await t.db.select({ b: users.walletBalance }).from(users).where(eq(users.id, id)))[0].b;
const charged = async (appointmentId: string) =>
  (await t.db.select().from(simulatedPaymentIntents)).filter(
    (i) => i.status === 'succeeded' && JSON.parse(i.metadata).appointmentId === appointmentId,
  );

describe('card in one tab, wallet in another', () => {
  it('a card paid first wins: the wallet checkout is refused and nothing is taken from the wallet', async () => {
    const { patient, appointment } = await patientWithCredit();
    const card = await call(patient.cookie, '/api/payments/create-intent', { appointmentId: appointment.id });
    const paid = await call(patient.cookie, '/api/payments/simulated/confirm-card', {
      clientSecret: card.json().clientSecret,
      card: CARD,
    });
    expect(paid.json().status).toBe('succeeded');
    // The other tab never saw the card succeed and pays from the wallet.
    const wallet = await call(patient.cookie, '/api/payments/create-intent', {
      appointmentId: appointment.id,
      useWallet: true,
    });
    expect(wallet.statusCode).toBe(409);
    expect(wallet.json().message).toBe('This appointment is already paid.');
    expect(await walletOf(patient.user.id)).toBe(20000);
    const [payment] = await t.db.select().from(payments).where(eq(payments.appointmentId, appointment.id));
    expect(payment).toMatchObject({ status: 'succeeded', providerIntentId: card.json().paymentIntentId });
    expect(await charged(appointment.id)).toHaveLength(1);
    await expectWalletInvariant(t.db);
  });

  it('a wallet paid first wins: the older card checkout can no longer be charged', async () => {
    const { patient, appointment } = await patientWithCredit();
    const card = await call(patient.cookie, '/api/payments/create-intent', { appointmentId: appointment.id });
    const wallet = await call(patient.cookie, '/api/payments/create-intent', {
      appointmentId: appointment.id,
      useWallet: true,
    });
    expect(wallet.json()).toMatchObject({ paidWithWallet: true, walletAmount: 15000 });
    const late = await call(patient.cookie, '/api/payments/simulated/confirm-card', {
      clientSecret: card.json().clientSecret,
      card: CARD,
    });
    expect(late.json().status).toBe('canceled');
    expect(late.json().error.message).toContain('was not charged');
    expect(await charged(appointment.id)).toHaveLength(0);
    expect(await walletOf(patient.user.id)).toBe(5000);
    await expectWalletInvariant(t.db);
  });
});
