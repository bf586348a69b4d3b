import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appointments, payments } from '../../db/schema';
import { createPaymentProvider } from '../../payments/select';
import { paymentFor, pendingBooking } from '../../test-support/booking-fixtures';
import type { FakeStripe } from '../../test-support/fake-stripe';
import { sendStripeWebhook, startStripeTestApp } from '../../test-support/stripe-test-app';
import type { TestContext } from '../../test-support/test-app';

/*
 * What a Stripe webhook does to a payment (payments/webhook.ts and the status recording of
 * payments/service.ts): the intent is re-read and its state recorded while it is open, only the
 * events we handle move anything, an intent that is not ours (unknown to Stripe, with no payment
 * row, or a payment of another processor) is acknowledged and left alone, and a success that
 * arrives for a payment refunded since is acknowledged with a warning, never applied again.
 */

let fake: FakeStripe;
let t: TestContext;
let close: () => Promise<void>;
let logLines: string[] = [];
beforeAll(async () => {
  ({ t, fake, close } = await startStripeTestApp(
    { logStream: { write: (line: string) => void logLines.push(line) } },
    { LOG_LEVEL: 'warn' },
  ));
});
afterAll(() => close());
beforeEach(() => {
  logLines = [];
});

const post = (url: string, cookie: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
const webhook = (type: string, intentId: string) =>
  sendStripeWebhook(t.app, type, fake.intents.get(intentId) ?? { id: intentId, object: 'payment_intent' });
const visitStatus = async (id: string) =>
  (await t.db.select({ s: appointments.status }).from(appointments).where(eq(appointments.id, id)))[0].s;
const logged = (level: number) =>
  logLines.map((line) => JSON.parse(line) as { level: number; msg: string }).filter((l) => l.level === level);

async function checkout(time: string, days = 20) {
  const booking = await pendingBooking(t.app, t.db, time, days);
  const res = await post('/api/payments/create-intent', booking.patient.cookie, {
    appointmentId: booking.appointment.id,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...booking, intentId: res.json().paymentIntentId as string };
}

describe('a webhook for an open checkout', () => {
  it('records the state Stripe reports, processing, failed or cancelled, and confirms nothing', async () => {
    const { appointment, intentId } = await checkout('09:00 AM');
    fake.setStatus(intentId, 'processing');
    expect((await webhook('payment_intent.processing', intentId)).statusCode).toBe(200);
    expect((await paymentFor(t.db, appointment.id)).status).toBe('processing');

    fake.setStatus(intentId, 'requires_payment_method', 'Your card was declined.');
    expect((await webhook('payment_intent.payment_failed', intentId)).statusCode).toBe(200);
    expect((await paymentFor(t.db, appointment.id)).status).toBe('requires_payment_method');

    fake.setStatus(intentId, 'canceled');
    expect((await webhook('payment_intent.canceled', intentId)).statusCode).toBe(200);
    expect((await paymentFor(t.db, appointment.id)).status).toBe('canceled');
    expect(await visitStatus(appointment.id)).toBe('pending');
    expect(logged(50)).toEqual([]);
  });

  it('of an event we do not handle moves nothing, though Stripe says the intent succeeded', async () => {
    const { appointment, intentId } = await checkout('10:00 AM');
    const before = await paymentFor(t.db, appointment.id);
    fake.setStatus(intentId, 'succeeded');
    for (const type of ['payment_intent.created', 'payment_intent.amount_capturable_updated', 'charge.succeeded']) {
      expect((await webhook(type, intentId)).statusCode, type).toBe(200);
    }
    expect((await paymentFor(t.db, appointment.id)).status).toBe(before.status);
    expect(await visitStatus(appointment.id)).toBe('pending');
    // The event we handle applies it.
    expect((await webhook('payment_intent.succeeded', intentId)).statusCode).toBe(200);
    expect(await visitStatus(appointment.id)).toBe('confirmed');
  });
});

describe('a webhook for an intent that is not ours', () => {
  it('unknown to Stripe: acknowledged, nothing done', async () => {
    const res = await webhook('payment_intent.succeeded', 'pi_nobody_knows_this_one');
    expect(res.statusCode).toBe(200);
    expect(logged(50)).toEqual([]);
  });

  it('with no payment of ours: acknowledged, nothing done', async () => {
    const { appointment, patient } = await pendingBooking(t.app, t.db, '11:00 AM', 20);
    // An intent made at Stripe for this appointment, but never stored as its checkout.
    const stray = await createPaymentProvider(t.config, t.db).createIntent({
      amount: appointment.fee,
      currency: 'usd',
      metadata: { purpose: 'appointment', appointmentId: appointment.id, patientId: patient.user.id },
      idempotencyKey: `stray-${appointment.id}`,
    });
    fake.setStatus(stray.id, 'succeeded');
    const res = await webhook('payment_intent.succeeded', stray.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(await paymentFor(t.db, appointment.id)).toBeUndefined();
    expect(await visitStatus(appointment.id)).toBe('pending');
    expect(logged(50)).toEqual([]);
  });

  it('stored as another processor’s payment: acknowledged, and neither recorded nor applied', async () => {
    const { appointment, intentId } = await checkout('12:00 PM');
    await t.db.update(payments).set({ provider: 'simulated' }).where(eq(payments.appointmentId, appointment.id));
    const before = await paymentFor(t.db, appointment.id);
    fake.setStatus(intentId, 'processing');
    expect((await webhook('payment_intent.processing', intentId)).statusCode).toBe(200);
    fake.setStatus(intentId, 'succeeded');
    const res = await webhook('payment_intent.succeeded', intentId);
    expect(res.statusCode, res.body).toBe(200);
    expect((await paymentFor(t.db, appointment.id)).status).toBe(before.status);
    expect(await visitStatus(appointment.id)).toBe('pending');
    expect(logged(50)).toEqual([]);
  });
});

describe('a success webhook for a payment refunded since', () => {
  it('is acknowledged with a warning naming the intent, and the refund stands', async () => {
    const { appointment, patient, intentId } = await checkout('01:00 PM');
    fake.setStatus(intentId, 'succeeded');
    const confirmed = await post('/api/payments/confirm', patient.cookie, { paymentIntentId: intentId });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const cancel = await t.app.inject({
      method: 'PATCH',
      url: `/api/appointments/${appointment.id}`,
      headers: { cookie: patient.cookie },
      payload: { status: 'cancelled' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await paymentFor(t.db, appointment.id)).toMatchObject({
      status: 'refunded',
      refundedAmount: appointment.fee,
    });
    logLines = [];

    // Stripe delivers the success late (or again).
    const res = await webhook('payment_intent.succeeded', intentId);
    expect(res.statusCode, res.body).toBe(200);
    expect(await paymentFor(t.db, appointment.id)).toMatchObject({
      status: 'refunded',
      refundedAmount: appointment.fee,
    });
    expect(await visitStatus(appointment.id)).toBe('cancelled');
    expect(fake.refunds.filter((r) => r.payment_intent === intentId)).toHaveLength(1);
    const warnings = logLines
      .map((line) => JSON.parse(line) as { level: number; msg: string; intent?: string; reason?: string })
      .filter((l) => l.level === 40);
    expect(warnings).toEqual([
      expect.objectContaining({ msg: 'webhook payment not applied', intent: intentId, reason: expect.any(String) }),
    ]);
  });
});
