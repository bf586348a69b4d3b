import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { appointments, payments, simulatedPaymentIntents } from '../../db/schema';
import { createPaymentProvider } from '../../payments/select';
import type { PaymentIntent, PaymentProvider } from '../../payments/provider';
import { pendingBooking } from '../../test-support/booking-fixtures';
import { createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';

/*
 * The guards of payments/service.ts that the first mutation run found no test reading
 * (docs/mutation-testing.md): the lost checkout race, reusing an open intent, the confirmation
 * whose amount is not the price, and the refusals of a cancelled or paid appointment. A second
 * instance on the same database has a processor that counts, holds and can misreport.
 */

let t: TestContext;
let other: FastifyInstance;
const calls = { createIntent: 0, cancelIntent: [] as string[] };
/** createIntent waits until `waiting` callers have arrived, then all go on together. */
let barrier: { waiting: number; arrived: number; open: () => void; opened: Promise<void> } | null = null;
/** retrieveIntent reports this intent's amount off by a cent, as a tampered processor reply would. */
let misreport: string | null = null;

const watched = (inner: PaymentProvider): PaymentProvider =>
  new Proxy(inner, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (property === 'createIntent') {
        return async (...args: Parameters<PaymentProvider['createIntent']>) => {
          calls.createIntent += 1;
          if (barrier) {
            barrier.arrived += 1;
            if (barrier.arrived >= barrier.waiting) barrier.open();
            await barrier.opened;
          }
          return target.createIntent(...args);
        };
      }
      if (property === 'cancelIntent') {
        return async (id: string) => {
          calls.cancelIntent.push(id);
          return target.cancelIntent(id);
        };
      }
      if (property === 'retrieveIntent') {
        return async (id: string): Promise<PaymentIntent | null> => {
          const intent = await target.retrieveIntent(id);
          return intent && id === misreport ? { ...intent, amount: intent.amount + 1 } : intent;
        };
      }
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });

function barrierFor(waiting: number) {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  barrier = { waiting, arrived: 0, open, opened };
}

beforeAll(async () => {
  t = await createTestApp();
  other = await buildApp({
    config: t.config,
    database: t.database,
    payments: watched(createPaymentProvider(t.config, t.db)),
    jobs: { start: false },
  });
  await other.ready();
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const CARD = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', postcode: '10001' };
const post = (cookie: string, url: string, payload: object) =>
  other.inject({ method: 'POST', url, headers: { cookie }, payload });
const intentsOf = async (appointmentId: string) =>
  (await t.db.select().from(simulatedPaymentIntents)).filter(
    (i) => JSON.parse(i.metadata).appointmentId === appointmentId,
  );
const paymentOf = async (appointmentId: string) =>
  (await t.db.select().from(payments).where(eq(payments.appointmentId, appointmentId)))[0];

describe('checking out one appointment', () => {
  it('a second checkout while the first is open reuses its intent: one processor intent, one payment', async () => {
    const { patient, appointment } = await pendingBooking(t.app, t.db);
    const before = calls.createIntent;
    const first = await post(patient.cookie, '/api/payments/create-intent', { appointmentId: appointment.id });
    const second = await post(patient.cookie, '/api/payments/create-intent', { appointmentId: appointment.id });
    expect(first.statusCode).toBe(200);
    expect(second.json().paymentIntentId).toBe(first.json().paymentIntentId);
    expect(second.json().clientSecret).toBe(first.json().clientSecret);
    expect(calls.createIntent - before).toBe(1);
    expect(await intentsOf(appointment.id)).toHaveLength(1);
  });

  it('an open checkout whose intent the processor cancelled is not reused: a fresh intent is made', async () => {
    const { patient, appointment } = await pendingBooking(t.app, t.db, '04:00 PM');
    const first = await post(patient.cookie, '/api/payments/create-intent', { appointmentId: appointment.id });
    const stale = first.json().paymentIntentId as string;
    await createPaymentProvider(t.config, t.db).cancelIntent(stale);
    const again = await post(patient.cookie, '/api/payments/create-intent', { appointmentId: appointment.id });
    expect(again.statusCode).toBe(200);
    expect(again.json().paymentIntentId).not.toBe(stale);
    expect((await paymentOf(appointment.id)).providerIntentId).toBe(again.json().paymentIntentId);
    const intents = await intentsOf(appointment.id);
    expect(intents.find((i) => i.id === again.json().paymentIntentId)?.status).not.toBe('canceled');
  });

  it('a payment that succeeded before its visit was confirmed is not checked out again', async () => {
    const { patient, appointment } = await pendingBooking(t.app, t.db, '05:00 PM');
    await post(patient.cookie, '/api/payments/create-intent', { appointmentId: appointment.id });
    // The moment between a payment's success and its visit's confirmation, held still.
    await t.db.update(payments).set({ status: 'succeeded' }).where(eq(payments.appointmentId, appointment.id));
    const before = calls.createIntent;
    const res = await post(patient.cookie, '/api/payments/create-intent', { appointmentId: appointment.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This appointment is already paid.');
    expect(calls.createIntent).toBe(before);
  });

  it('a cancelled appointment or a paid one is refused with its own words, and no intent is made', async () => {
    const { patient, appointment } = await pendingBooking(t.app, t.db);
    const card = await post(patient.cookie, '/api/payments/create-intent', { appointmentId: appointment.id });
    await post(patient.cookie, '/api/payments/simulated/confirm-card', {
      clientSecret: card.json().clientSecret,
      card: CARD,
    });
    const confirmed = await post(patient.cookie, '/api/payments/confirm', {
      paymentIntentId: card.json().paymentIntentId,
    });
    expect(confirmed.statusCode).toBe(200);
    const before = calls.createIntent;
    const paid = await post(patient.cookie, '/api/payments/create-intent', { appointmentId: appointment.id });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toBe('This appointment is already paid.');

    const cancelled = await pendingBooking(t.app, t.db, '11:00 AM');
    await t.db
      .update(appointments)
      .set({ status: 'cancelled', cancelledAt: new Date() })
      .where(eq(appointments.id, cancelled.appointment.id));
    const refused = await post(cancelled.patient.cookie, '/api/payments/create-intent', {
      appointmentId: cancelled.appointment.id,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This appointment was cancelled.');
    expect(calls.createIntent).toBe(before);
    expect(await paymentOf(cancelled.appointment.id)).toBeUndefined();
  });

  it('two first checkouts at once: the one that stores its payment wins, the other tab gets the same checkout', async () => {
    const { patient, appointment } = await pendingBooking(t.app, t.db, '01:00 PM');
    barrierFor(2);
    const tabs = await Promise.all([
      post(patient.cookie, '/api/payments/create-intent', { appointmentId: appointment.id }),
      post(patient.cookie, '/api/payments/create-intent', { appointmentId: appointment.id }),
    ]);
    barrier = null;
    expect(tabs.map((r) => r.statusCode)).toEqual([200, 200]);
    const payment = await paymentOf(appointment.id);
    // One idempotency key for a first checkout: the processor made one intent, and both tabs show it.
    expect(tabs.map((r) => r.json().paymentIntentId)).toEqual([payment.providerIntentId, payment.providerIntentId]);
    expect(await intentsOf(appointment.id)).toHaveLength(1);
    expect(calls.cancelIntent).not.toContain(payment.providerIntentId);
  });

  it('two wallet-and-card checkouts replacing one card checkout: the loser’s intent is cancelled and it shows the winner’s', async () => {
    const admin = await signedInUser(t.db, { userType: 'admin' });
    const { patient, appointment } = await pendingBooking(t.app, t.db, '02:00 PM');
    const credit = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${patient.user.id}/wallet-credits`,
      headers: { cookie: admin.cookie },
      payload: { amount: 5000, reason: 'Goodwill' },
    });
    expect(credit.statusCode).toBe(200);
    const card = await post(patient.cookie, '/api/payments/create-intent', { appointmentId: appointment.id });
    barrierFor(2);
    const tabs = await Promise.all([
      post(patient.cookie, '/api/payments/create-intent', { appointmentId: appointment.id, useWallet: true }),
      post(patient.cookie, '/api/payments/create-intent', { appointmentId: appointment.id, useWallet: true }),
    ]);
    barrier = null;
    expect(tabs.map((r) => r.statusCode)).toEqual([200, 200]);
    const payment = await paymentOf(appointment.id);
    expect(payment).toMatchObject({ walletAmount: 5000, amount: appointment.fee });
    // Both tabs pay the stored checkout; every other intent of the visit can no longer be charged.
    expect(tabs.map((r) => r.json().paymentIntentId)).toEqual([payment.providerIntentId, payment.providerIntentId]);
    expect(tabs.map((r) => r.json().walletAmount)).toEqual([5000, 5000]);
    const intents = await intentsOf(appointment.id);
    expect(intents).toHaveLength(3);
    const open = intents.filter((i) => i.status !== 'canceled').map((i) => i.id);
    expect(open).toEqual([payment.providerIntentId]);
    expect(calls.cancelIntent).toContain(card.json().paymentIntentId);
  });
});

describe('confirming a payment', () => {
  it('an intent whose amount is not the price is refused with its words and confirms nothing', async () => {
    const { patient, appointment } = await pendingBooking(t.app, t.db, '03:00 PM');
    const card = await post(patient.cookie, '/api/payments/create-intent', { appointmentId: appointment.id });
    const intentId = card.json().paymentIntentId as string;
    misreport = intentId;
    try {
      await post(patient.cookie, '/api/payments/simulated/confirm-card', {
        clientSecret: card.json().clientSecret,
        card: CARD,
      });
      const confirm = await post(patient.cookie, '/api/payments/confirm', { paymentIntentId: intentId });
      expect(confirm.statusCode).toBe(409);
      expect(confirm.json().message).toBe('The amount paid does not match the price. Please contact support.');
    } finally {
      misreport = null;
    }
    expect((await paymentOf(appointment.id)).status).not.toBe('succeeded');
    const [visit] = await t.db.select().from(appointments).where(eq(appointments.id, appointment.id));
    expect(visit.status).toBe('pending');
    // Read truthfully, the same intent is the price, and confirms the visit.
    const truthful = await post(patient.cookie, '/api/payments/confirm', { paymentIntentId: intentId });
    expect(truthful.statusCode).toBe(200);
    expect(truthful.json().appointment.status).toBe('confirmed');
  });
});
