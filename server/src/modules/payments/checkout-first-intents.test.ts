import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { appointments, payments, simulatedPaymentIntents, users } from '../../db/schema';
import type { PaymentProvider } from '../../payments/provider';
import { createPaymentProvider } from '../../payments/select';
import { pendingBooking } from '../../test-support/booking-fixtures';
import { createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';
import { expectWalletInvariant } from '../../test-support/wallet-invariant';

/*
 * Which intent a checkout pays (payments/service.ts createAppointmentIntent, survivors of its
 * mutation runs): a first checkout with the wallet and a first one with the card alone, made at the
 * same moment in two tabs, each get an intent of their own amount (the card-only one is the
 * processor's single "first checkout" intent, the wallet one a fresh one), and a checkout opened
 * under another processor is replaced, never sent to this one. A second instance on the same
 * database has a processor whose intents the test can hold once made, and that counts its
 * cancellations.
 */

let t: TestContext;
let other: FastifyInstance;
const cancelled: string[] = [];
/** The next createIntent is made by the processor, and its answer waits until released. */
let hold: { reached: () => void; opened: Promise<void> } | null = null;

const gated = (inner: PaymentProvider): PaymentProvider =>
  new Proxy(inner, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (property === 'createIntent') {
        return async (...args: Parameters<PaymentProvider['createIntent']>) => {
          const gate = hold;
          hold = null;
          const answer = await target.createIntent(...args);
          if (gate) {
            gate.reached();
            await gate.opened;
          }
          return answer;
        };
      }
      if (property === 'cancelIntent') {
        return async (id: string) => {
          cancelled.push(id);
          return target.cancelIntent(id);
        };
      }
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });

function holdNextIntent() {
  let reached!: () => void;
  const arrived = new Promise<void>((resolve) => (reached = resolve));
  let release!: () => void;
  const opened = new Promise<void>((resolve) => (release = resolve));
  hold = { reached, opened };
  return { arrived, release };
}

beforeAll(async () => {
  t = await createTestApp();
  other = await buildApp({
    config: t.config,
    database: t.database,
    payments: gated(createPaymentProvider(t.config, t.db)),
    jobs: { start: false },
  });
  await other.ready();
});
afterAll(async () => {
  await other.close();
  await t.close();
});
beforeEach(() => {
  cancelled.length = 0;
  hold = null;
});

const CARD = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', postcode: '10001' };
const post = (cookie: string, url: string, payload: object) =>
  other.inject({ method: 'POST', url, headers: { cookie }, payload });
const checkout = (cookie: string, appointmentId: string, useWallet?: boolean) =>
  post(cookie, '/api/payments/create-intent', useWallet ? { appointmentId, useWallet } : { appointmentId });

const paymentOf = async (appointmentId: string) =>
  (await t.db.select().from(payments).where(eq(payments.appointmentId, appointmentId)))[0];
const intentOf = async (id: string) =>
  (await t.db.select().from(simulatedPaymentIntents).where(eq(simulatedPaymentIntents.id, id)))[0];
const walletOf = async (userId: string) =>
  (await t.db.select({ b: users.walletBalance }).from(users).where(eq(users.id, userId)))[0].b;
const visitStatus = async (id: string) =>
  (await t.db.select({ s: appointments.status }).from(appointments).where(eq(appointments.id, id)))[0].s;

async function bookingWithCredit(credit: number, time: string) {
  const booking = await pendingBooking(t.app, t.db, time, 14);
  const admin = await signedInUser(t.db, { userType: 'admin' });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/users/${booking.patient.user.id}/wallet-credits`,
    headers: { cookie: admin.cookie },
    payload: { amount: credit, reason: 'Goodwill' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return booking;
}

describe('two first checkouts at once, one with the wallet and one with the card alone', () => {
  it('each tab is shown an intent for what it charges; the card-only one is stored and pays the whole fee', async () => {
    const { patient, appointment } = await bookingWithCredit(5000, '09:00 AM');
    // The wallet tab's intent is made at the processor; its answer is slow to come back.
    const walletHeld = holdNextIntent();
    const walletTab = checkout(patient.cookie, appointment.id, true);
    await walletHeld.arrived;
    // Meanwhile the card-only tab checks out, from start to end.
    const cardTab = await checkout(patient.cookie, appointment.id);
    expect(cardTab.statusCode, cardTab.body).toBe(200);
    expect(cardTab.json()).toMatchObject({ amount: appointment.fee, walletAmount: 0, paidWithWallet: false });
    const cardIntent = cardTab.json().paymentIntentId as string;
    expect((await intentOf(cardIntent)).amount).toBe(appointment.fee);

    walletHeld.release();
    const wallet = await walletTab;
    // The wallet tab lost: its own intent can never be charged, and it is shown the stored card checkout.
    expect(wallet.statusCode, wallet.body).toBe(200);
    expect(wallet.json()).toMatchObject({ paymentIntentId: cardIntent, amount: appointment.fee, walletAmount: 0 });
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]).not.toBe(cardIntent);
    expect(await intentOf(cancelled[0])).toMatchObject({ status: 'canceled', amount: appointment.fee - 5000 });
    expect(await paymentOf(appointment.id)).toMatchObject({
      providerIntentId: cardIntent,
      walletAmount: 0,
      amount: appointment.fee,
    });

    // Paying the card it shows confirms the visit, and the wallet is left as it was.
    await post(patient.cookie, '/api/payments/simulated/confirm-card', {
      clientSecret: wallet.json().clientSecret,
      card: CARD,
    });
    const confirm = await post(patient.cookie, '/api/payments/confirm', { paymentIntentId: cardIntent });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(await visitStatus(appointment.id)).toBe('confirmed');
    expect(await walletOf(patient.user.id)).toBe(5000);
    await expectWalletInvariant(t.db);
  });

  it('the wallet tab stored first: the card-only tab is shown its intent, for the fee less the wallet part', async () => {
    const { patient, appointment } = await bookingWithCredit(5000, '10:00 AM');
    // The card-only tab's intent is made first and waits; the wallet tab checks out meanwhile.
    const cardHeld = holdNextIntent();
    const cardTab = checkout(patient.cookie, appointment.id);
    await cardHeld.arrived;
    const walletTab = await checkout(patient.cookie, appointment.id, true);
    expect(walletTab.statusCode, walletTab.body).toBe(200);
    expect(walletTab.json()).toMatchObject({ amount: appointment.fee - 5000, walletAmount: 5000 });
    const walletIntent = walletTab.json().paymentIntentId as string;
    expect((await intentOf(walletIntent)).amount).toBe(appointment.fee - 5000);

    cardHeld.release();
    const card = await cardTab;
    expect(card.statusCode, card.body).toBe(200);
    expect(card.json()).toMatchObject({
      paymentIntentId: walletIntent,
      amount: appointment.fee - 5000,
      walletAmount: 5000,
    });
    expect(cancelled).toHaveLength(1);
    expect(await intentOf(cancelled[0])).toMatchObject({ status: 'canceled', amount: appointment.fee });

    await post(patient.cookie, '/api/payments/simulated/confirm-card', {
      clientSecret: card.json().clientSecret,
      card: CARD,
    });
    const confirm = await post(patient.cookie, '/api/payments/confirm', { paymentIntentId: walletIntent });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(await visitStatus(appointment.id)).toBe('confirmed');
    expect(await walletOf(patient.user.id)).toBe(0);
    await expectWalletInvariant(t.db);
  });
});

describe('a checkout opened under another processor', () => {
  it('is replaced by one of this processor, and its intent is never sent to this one', async () => {
    const { patient, appointment } = await bookingWithCredit(5000, '11:00 AM');
    const first = await checkout(patient.cookie, appointment.id);
    const firstIntent = first.json().paymentIntentId as string;
    // As if it had been opened while another processor was configured (same intent id, by chance).
    await t.db.update(payments).set({ provider: 'stripe' }).where(eq(payments.appointmentId, appointment.id));

    const again = await checkout(patient.cookie, appointment.id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().paymentIntentId).not.toBe(firstIntent);
    expect(again.json().amount).toBe(appointment.fee);
    expect(await paymentOf(appointment.id)).toMatchObject({
      provider: 'simulated',
      providerIntentId: again.json().paymentIntentId,
    });
    expect(cancelled).toEqual([]);
    expect((await intentOf(firstIntent)).status).not.toBe('canceled');
  });

  it('paid from the wallet instead: the other processor’s intent is not sent here, and the wallet pays once', async () => {
    const { patient, appointment } = await bookingWithCredit(15000, '12:00 PM');
    const first = await checkout(patient.cookie, appointment.id);
    const firstIntent = first.json().paymentIntentId as string;
    await t.db.update(payments).set({ provider: 'stripe' }).where(eq(payments.appointmentId, appointment.id));

    const wallet = await checkout(patient.cookie, appointment.id, true);
    expect(wallet.statusCode, wallet.body).toBe(200);
    expect(wallet.json()).toMatchObject({ paidWithWallet: true, walletAmount: appointment.fee });
    expect(cancelled).toEqual([]);
    expect((await intentOf(firstIntent)).status).not.toBe('canceled');
    expect(await paymentOf(appointment.id)).toMatchObject({ provider: 'wallet', status: 'succeeded' });
    expect(await walletOf(patient.user.id)).toBe(0);
    expect(await visitStatus(appointment.id)).toBe('confirmed');
    await expectWalletInvariant(t.db);
  });
});
