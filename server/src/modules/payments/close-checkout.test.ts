import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { appointments, ledgerEntries, payments, simulatedPaymentIntents } from '../../db/schema';
import type { PaymentIntent, PaymentProvider } from '../../payments/provider';
import { createPaymentProvider } from '../../payments/select';
import { localDate, pendingBooking } from '../../test-support/booking-fixtures';
import { createTestApp, type TestContext } from '../../test-support/test-app';
import { expectWalletInvariant } from '../../test-support/wallet-invariant';

/*
 * An unpaid booking the patient lets go of leaves no checkout that could still be charged
 * (payments/service.ts closeCheckout, reached by no test of the payments module in its mutation
 * run): its intent is cancelled at the processor; a card paid just before the release is given
 * back; an intent of another processor, or one the processor forgot, is left alone without error.
 * A second instance on the same database has a processor that counts its cancellations and can
 * forget an intent.
 */

let t: TestContext;
let other: FastifyInstance;
let logLines: string[] = [];
const cancelled: string[] = [];
/** Intents the processor answers it does not know (null, to a read or a cancellation). */
const forgotten = new Set<string>();

const watched = (inner: PaymentProvider): PaymentProvider =>
  new Proxy(inner, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (property === 'cancelIntent') {
        return async (id: string): Promise<PaymentIntent | null> => {
          cancelled.push(id);
          return forgotten.has(id) ? null : target.cancelIntent(id);
        };
      }
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });

beforeAll(async () => {
  t = await createTestApp();
  other = await buildApp({
    config: { ...t.config, logLevel: 'error' },
    database: t.database,
    payments: watched(createPaymentProvider(t.config, t.db)),
    jobs: { start: false },
    logStream: { write: (line: string) => void logLines.push(line) },
  });
  await other.ready();
});
afterAll(async () => {
  await other.close();
  await t.close();
});
beforeEach(() => {
  cancelled.length = 0;
  forgotten.clear();
  logLines = [];
});

const CARD = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', postcode: '10001' };
const post = (cookie: string, url: string, payload?: object) =>
  other.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });
const checkout = (cookie: string, appointmentId: string) =>
  post(cookie, '/api/payments/create-intent', { appointmentId });
const release = (cookie: string, appointmentId: string) => post(cookie, `/api/appointments/${appointmentId}/release`);

const paymentOf = async (appointmentId: string) =>
  (await t.db.select().from(payments).where(eq(payments.appointmentId, appointmentId)))[0];
const intentOf = async (id: string) =>
  (await t.db.select().from(simulatedPaymentIntents).where(eq(simulatedPaymentIntents.id, id)))[0];
const visitStatus = async (id: string) =>
  (await t.db.select({ s: appointments.status }).from(appointments).where(eq(appointments.id, id)))[0].s;
const transfersOf = async (paymentId: string) =>
  (await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, paymentId)))
    .filter((e) => e.amount > 0)
    .map((e) => [e.kind, e.account.split(':')[0], e.amount])
    .sort();
const errorsLogged = () => logLines.filter((line) => JSON.parse(line).level >= 50);

describe('releasing an unpaid booking with a checkout open', () => {
  it('cancels its intent at the processor: the card form can no longer pay, and the payment says canceled', async () => {
    const { patient, appointment } = await pendingBooking(t.app, t.db, '09:00 AM', 12);
    const card = await checkout(patient.cookie, appointment.id);
    expect(card.statusCode).toBe(200);
    const intentId = card.json().paymentIntentId as string;

    const res = await release(patient.cookie, appointment.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('cancelled');
    expect(cancelled).toEqual([intentId]);
    expect((await intentOf(intentId)).status).toBe('canceled');
    const payment = await paymentOf(appointment.id);
    expect(payment.status).toBe('canceled');
    expect(await transfersOf(payment.id)).toEqual([]);

    // The form left open in a tab: the processor refuses to charge it.
    const late = await post(patient.cookie, '/api/payments/simulated/confirm-card', {
      clientSecret: card.json().clientSecret,
      card: CARD,
    });
    expect(late.json().status).toBe('canceled');
    expect((await intentOf(intentId)).amountRefunded).toBe(0);
    expect(errorsLogged()).toEqual([]);
  });

  it('whose card was paid just before: the payment is applied, finds the booking released and goes back to the card', async () => {
    const { patient, appointment, doctor } = await pendingBooking(t.app, t.db, '10:00 AM', 12);
    const card = await checkout(patient.cookie, appointment.id);
    const intentId = card.json().paymentIntentId as string;
    // The processor took the money; the browser's confirmation has not arrived yet.
    const paid = await post(patient.cookie, '/api/payments/simulated/confirm-card', {
      clientSecret: card.json().clientSecret,
      card: CARD,
    });
    expect(paid.json().status).toBe('succeeded');

    const res = await release(patient.cookie, appointment.id);
    expect(res.statusCode).toBe(200);
    expect(await visitStatus(appointment.id)).toBe('cancelled');
    expect(cancelled).toEqual([intentId]);
    const payment = await paymentOf(appointment.id);
    expect(payment).toMatchObject({ status: 'refunded', refundedAmount: appointment.fee });
    expect((await intentOf(intentId)).amountRefunded).toBe(appointment.fee);
    expect(await transfersOf(payment.id)).toEqual(
      [
        ['card_charge', 'platform_revenue', appointment.fee],
        ['card_refund_requested', 'refunds_pending', appointment.fee],
        ['card_refund_paid', 'patient_card', appointment.fee],
      ].sort(),
    );
    // The slot is free for someone else.
    const slots = await t.app.inject({ url: `/api/doctors/${doctor.id}/availability?date=${localDate(12)}` });
    expect(slots.json().slots.find((s: { label: string }) => s.label === '10:00 AM').available).toBe(true);
    await expectWalletInvariant(t.db);
  });

  it('of another processor is not sent to this one: its intent stays as it was', async () => {
    const { patient, appointment } = await pendingBooking(t.app, t.db, '11:00 AM', 12);
    const card = await checkout(patient.cookie, appointment.id);
    const intentId = card.json().paymentIntentId as string;
    const before = await paymentOf(appointment.id);
    // A checkout opened while another processor was configured (same intent id, by chance).
    await t.db.update(payments).set({ provider: 'stripe' }).where(eq(payments.appointmentId, appointment.id));

    const res = await release(patient.cookie, appointment.id);
    expect(res.statusCode).toBe(200);
    expect(cancelled).toEqual([]);
    expect((await intentOf(intentId)).status).not.toBe('canceled');
    expect((await paymentOf(appointment.id)).status).toBe(before.status);
  });

  it('whose intent the processor no longer knows: released all the same, nothing changes and nothing fails', async () => {
    const { patient, appointment } = await pendingBooking(t.app, t.db, '12:00 PM', 12);
    const card = await checkout(patient.cookie, appointment.id);
    const intentId = card.json().paymentIntentId as string;
    const before = await paymentOf(appointment.id);
    forgotten.add(intentId);

    const res = await release(patient.cookie, appointment.id);
    expect(res.statusCode).toBe(200);
    expect(await visitStatus(appointment.id)).toBe('cancelled');
    expect(cancelled).toEqual([intentId]);
    expect((await paymentOf(appointment.id)).status).toBe(before.status);
    expect(errorsLogged()).toEqual([]);
  });
});
