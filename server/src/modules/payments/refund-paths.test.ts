// Each way a refund can go, with the ledger's transfers (key, kind, accounts, amount) and the
// payment's own fields, so a wrong kind, a missing transfer or a zero-amount one is noticed: a
// card payment paid back, a wallet-only one (nothing asked of the processor), a wallet part never
// taken, a refund the processor leaves pending, a payment that is not refundable, and the sweep
// that asks again (only once the refund has waited, counting what failed).
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../core/clock';
import { ledgerEntries, payments, walletEntries } from '../../db/schema';
import { domainSubscribers } from '../../domain-subscribers';
import type { PaymentProvider, Refund } from '../../payments/provider';
import { SimulatedProvider } from '../../payments/simulated';
import { bookedPayment, paymentFor, payWithCard, pendingBooking } from '../../test-support/booking-fixtures';
import { createTestApp, type TestContext } from '../../test-support/test-app';
import { DomainEventBus, inUnit, on, type Subscriber, type UnitServices } from '../events/bus';
import { moveWallet } from '../wallet/moves';
import { REFUND_RETRY_AFTER_MS, retryPendingRefunds } from './refund-retry';
import { settleRefund, startRefund } from './refunds';

const clock = fixedClock(new Date());
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(() => t.close());

/** A processor that answers what the test says and records what it was asked. */
function stubProcessor(answer: (intentId: string) => Refund['status'] | Error) {
  const asked: string[] = [];
  const provider = {
    name: 'simulated',
    publishableKey: null,
    refund: async (intentId: string) => {
      asked.push(intentId);
      const status = answer(intentId);
      if (status instanceof Error) throw status;
      return { id: `re_${intentId}`, status, amount: 15000 };
    },
  } as unknown as PaymentProvider;
  return { provider, asked };
}

const refundsStarted: string[] = [];
function services(provider: PaymentProvider = new SimulatedProvider(t.db)): UnitServices {
  const record = on(
    'payment.refund_started',
    'test: record',
    async ({ payment }) => void refundsStarted.push(payment.id),
  );
  return {
    db: t.db,
    payments: provider,
    log: pino({ level: 'silent' }),
    rooms: null,
    events: new DomainEventBus([record, ...domainSubscribers] as Subscriber[]),
  };
}

const paymentOf = async (id: string) => (await t.db.select().from(payments).where(eq(payments.id, id)))[0];
/** The payment's card transfers (the earnings' split of the fee is the earnings module's). */
const ledgerOf = async (paymentId: string) =>
  (await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, paymentId)))
    .filter((e) => e.kind.startsWith('card_'))
    .map((e) => [e.transferKey.replace(paymentId, 'P'), e.kind, e.account, e.amount] as const)
    .sort(byKeyThenAmount);
type Leg = readonly [string, string, string, number];
function byKeyThenAmount(a: Leg, b: Leg) {
  return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[3] - b[3];
}

describe('a refund', () => {
  it('of a card payment: charged, set aside, paid back to the card, each a transfer of its own kind', async () => {
    const { appointment, patient } = await pendingBooking(t.app, t.db);
    const paid = await payWithCard(t.app, patient.cookie, appointment.id);
    expect(paid.confirm.statusCode, paid.confirm.body).toBe(200);
    const payment = await paymentFor(t.db, appointment.id);

    const started = await inUnit(services(), clock.now(), (unit) => startRefund(unit, payment.id, 'admin', null));
    expect(started?.status).toBe('refund_pending');
    const done = await paymentOf(payment.id);
    expect(done).toMatchObject({ status: 'refunded', refundedAmount: payment.amount });
    expect(done.providerRefundId).toMatch(/^re_/);
    const card = `patient_card:${patient.user.id}`;
    expect(await ledgerOf(payment.id)).toEqual(
      (
        [
          ['charge:P', 'card_charge', card, -payment.amount],
          ['charge:P', 'card_charge', 'platform_revenue', payment.amount],
          ['refund:P', 'card_refund_requested', 'platform_revenue', -payment.amount],
          ['refund:P', 'card_refund_requested', 'refunds_pending', payment.amount],
          ['refund_paid:P', 'card_refund_paid', 'refunds_pending', -payment.amount],
          ['refund_paid:P', 'card_refund_paid', card, payment.amount],
        ] as Leg[]
      ).sort(byKeyThenAmount),
    );
  });

  it('of a wallet-only payment: the wallet credited back, no card transfer, nothing asked of the processor', async () => {
    const { appointment, patient } = await pendingBooking(t.app, t.db);
    await t.db.transaction((tx) =>
      moveWallet(tx, { userId: patient.user.id, amount: 50000, reason: 'goodwill_credit' }, clock.now()),
    );
    const byWallet = await t.app.inject({
      method: 'POST',
      url: '/api/payments/create-intent',
      headers: { cookie: patient.cookie },
      payload: { appointmentId: appointment.id, useWallet: true },
    });
    expect(byWallet.statusCode, byWallet.body).toBe(200);
    const payment = await paymentFor(t.db, appointment.id);
    expect(payment).toMatchObject({ status: 'succeeded', walletAmount: payment.amount });

    const processor = stubProcessor(() => 'succeeded');
    await inUnit(services(processor.provider), clock.now(), (unit) => startRefund(unit, payment.id, 'patient', null));
    expect(processor.asked).toEqual([]);
    expect(await paymentOf(payment.id)).toMatchObject({
      status: 'refunded',
      refundedAmount: 0,
      providerRefundId: null,
    });
    expect(await ledgerOf(payment.id)).toEqual([]);
    const moves = await t.db.select().from(walletEntries).where(eq(walletEntries.paymentId, payment.id));
    expect(moves.map((m) => [m.reason, m.amount]).sort()).toEqual([
      ['payment', -payment.amount],
      ['payment_refund', payment.amount],
    ]);
  });

  it('of a card payment whose wallet part was spent meanwhile: refused at confirmation and refunded whole', async () => {
    const { appointment, patient } = await pendingBooking(t.app, t.db);
    const credit = (amount: number, reason: 'goodwill_credit' | 'referral_reversal') =>
      t.db.transaction((tx) => moveWallet(tx, { userId: patient.user.id, amount, reason }, clock.now()));
    await credit(5000, 'goodwill_credit');
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: { cookie: patient.cookie }, payload });
    const intent = await post('/api/payments/create-intent', { appointmentId: appointment.id, useWallet: true });
    expect(intent.statusCode, intent.body).toBe(200);
    // The wallet is spent elsewhere before the card completes.
    await credit(-5000, 'referral_reversal');
    const { clientSecret, paymentIntentId } = intent.json();
    const card = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', postcode: '10001' };
    expect((await post('/api/payments/simulated/confirm-card', { clientSecret, card })).statusCode).toBe(200);
    const confirm = await post('/api/payments/confirm', { paymentIntentId });
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().message).toBe(
      'Your wallet balance changed before the payment completed. Your payment is being refunded.',
    );
    const payment = await paymentFor(t.db, appointment.id);
    expect(payment).toMatchObject({ status: 'refunded', walletAmount: 5000, refundedAmount: payment.amount - 5000 });
    // Nothing was taken from the wallet, so nothing goes back to it.
    expect(await t.db.select().from(walletEntries).where(eq(walletEntries.paymentId, payment.id))).toEqual([]);
  });

  it('gives back no wallet part that was never taken', async () => {
    // The wallet part was refused before it was taken (the balance had gone): only the card was charged.
    const { payment } = await bookedPayment(t.app, t.db, { walletAmount: 5000, status: 'succeeded' });
    await inUnit(services(stubProcessor(() => 'pending').provider), clock.now(), (unit) =>
      startRefund(unit, payment.id, 'system', null),
    );
    expect(await t.db.select().from(walletEntries).where(eq(walletEntries.paymentId, payment.id))).toEqual([]);
    expect(await ledgerOf(payment.id)).toEqual([
      ['refund:P', 'card_refund_requested', 'platform_revenue', -10000],
      ['refund:P', 'card_refund_requested', 'refunds_pending', 10000],
    ]);
  });

  it('the processor leaves pending: it stays refund_pending with the processor’s refund id, the money set aside', async () => {
    const { payment } = await bookedPayment(t.app, t.db, { status: 'refund_pending' });
    await settleRefund(services(stubProcessor(() => 'pending').provider), payment, clock.now());
    expect(await paymentOf(payment.id)).toMatchObject({
      status: 'refund_pending',
      providerRefundId: `re_${payment.providerIntentId}`,
      refundedAmount: 0,
    });
    expect((await ledgerOf(payment.id)).map(([key]) => key)).not.toContain('refund_paid:P');
  });

  it('is not started for a payment that is not succeeded, and says nothing', async () => {
    const { payment } = await bookedPayment(t.app, t.db, { status: 'refunded', refundedAmount: 15000 });
    refundsStarted.length = 0;
    const started = await inUnit(services(), clock.now(), (unit) => startRefund(unit, payment.id, 'admin', null));
    expect(started).toBeUndefined();
    expect(refundsStarted).toEqual([]);
    expect(await paymentOf(payment.id)).toMatchObject({ status: 'refunded', refundedAmount: 15000 });
  });
});

describe('the sweep of pending refunds', () => {
  it('asks only about refunds that have waited, and counts those it could not settle', async () => {
    const pendingFor = async (ago: number) =>
      (
        await bookedPayment(t.app, t.db, {
          status: 'refund_pending',
          updatedAt: new Date(clock.now().getTime() - ago),
        })
      ).payment;
    // Other tests' pending refunds are settled first, so the counts are this test's own.
    await retryPendingRefunds(services(stubProcessor(() => 'succeeded').provider), clock.now());
    const unreachable = await pendingFor(REFUND_RETRY_AFTER_MS + 60_000);
    const answered = await pendingFor(REFUND_RETRY_AFTER_MS);
    const justAsked = await pendingFor(60_000);
    const processor = stubProcessor((intentId) =>
      intentId === unreachable.providerIntentId ? new Error('processor unreachable') : 'succeeded',
    );

    const result = await retryPendingRefunds(services(processor.provider), clock.now());
    expect(result).toEqual({ asked: 2, failed: 1 });
    expect(processor.asked).toEqual([unreachable.providerIntentId, answered.providerIntentId]);
    expect((await paymentOf(answered.id)).status).toBe('refunded');
    expect(await paymentOf(unreachable.id)).toMatchObject({ status: 'refund_pending', refundFailures: 1 });
    expect((await paymentOf(justAsked.id)).status).toBe('refund_pending');
  });
});

describe('a refund already paid back, asked about again', () => {
  it('(the sweep read the payment before the refund completed) is answered quietly, and the card is paid back once', async () => {
    const { appointment, patient } = await pendingBooking(t.app, t.db);
    await payWithCard(t.app, patient.cookie, appointment.id);
    const payment = await paymentFor(t.db, appointment.id);
    const processor = stubProcessor(() => 'succeeded');
    const started = await inUnit(services(processor.provider), clock.now(), (unit) =>
      startRefund(unit, payment.id, 'admin', null),
    );
    expect(await paymentOf(payment.id)).toMatchObject({ status: 'refunded', refundedAmount: payment.amount });
    // The row as the sweep read it, still refund_pending: the processor answers the same refund.
    expect(started).toMatchObject({ status: 'refund_pending' });
    await expect(settleRefund(services(processor.provider), started!, clock.now())).resolves.toBeUndefined();
    expect(processor.asked).toEqual([payment.providerIntentId, payment.providerIntentId]);
    expect(await paymentOf(payment.id)).toMatchObject({ status: 'refunded', refundedAmount: payment.amount });
    expect((await ledgerOf(payment.id)).filter(([key]) => key === 'refund_paid:P')).toEqual([
      ['refund_paid:P', 'card_refund_paid', 'refunds_pending', -payment.amount],
      ['refund_paid:P', 'card_refund_paid', `patient_card:${patient.user.id}`, payment.amount],
    ]);
  });
});
