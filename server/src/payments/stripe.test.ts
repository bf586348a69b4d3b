import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, earnings, notifications, payments } from '../db/schema';
import { createTestApp, type TestContext } from '../test-support/test-app';
import { paymentFor, pendingBooking } from '../test-support/booking-fixtures';
import type { FakeStripe } from '../test-support/fake-stripe';
import { sendStripeWebhook, startStripeTestApp } from '../test-support/stripe-test-app';

let fake: FakeStripe;
let t: TestContext;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, fake, close } = await startStripeTestApp());
});
afterAll(() => close());

const post = (url: string, cookie: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

const webhook = (type: string, object: object, secret?: string) => sendStripeWebhook(t.app, type, object, { secret });

async function stripeIntent(cookie: string, appointmentId: string) {
  const res = await post('/api/payments/create-intent', cookie, { appointmentId });
  expect(res.statusCode).toBe(200);
  return res.json() as { paymentIntentId: string; clientSecret: string; amount: number };
}

describe('Stripe mode', () => {
  it('tells the browser to use Stripe and allows Stripe’s hosts in the CSP', async () => {
    const config = await t.app.inject({ url: '/api/payments/config' });
    expect(config.json()).toEqual({ provider: 'stripe', publishableKey: 'pk_test_medora_fake' });
    const csp = String(config.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/api\.stripe\.com/);
  });

  it('creates PaymentIntents through the SDK with an idempotency key, and confirm re-reads them', async () => {
    const { patient, appointment } = await pendingBooking(t.app, t.db);
    const intent = await stripeIntent(patient.cookie, appointment.id);
    expect(intent.clientSecret).toMatch(/^pi_.+_secret_/);
    expect(fake.intents.get(intent.paymentIntentId)).toMatchObject({
      amount: 15000,
      currency: 'usd',
      metadata: { appointmentId: appointment.id, purpose: 'appointment' },
    });
    expect(fake.requests.find((r) => r.method === 'POST' && r.path === '/v1/payment_intents')?.idempotencyKey).toBe(
      `appointment-${appointment.id}`,
    );
    // The browser says nothing we believe: until Stripe says succeeded, confirm refuses.
    fake.setStatus(intent.paymentIntentId, 'requires_payment_method', 'Your card was declined.');
    const declined = await post('/api/payments/confirm', patient.cookie, { paymentIntentId: intent.paymentIntentId });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().message).toBe('Your card was declined.');
    fake.setStatus(intent.paymentIntentId, 'succeeded');
    const before = fake.requests.length;
    const ok = await post('/api/payments/confirm', patient.cookie, { paymentIntentId: intent.paymentIntentId });
    expect(ok.statusCode).toBe(200);
    expect(
      fake.requests
        .slice(before)
        .some((r) => r.method === 'GET' && r.path === `/v1/payment_intents/${intent.paymentIntentId}`),
    ).toBe(true);
  });

  it('rejects webhooks without a valid signature and acknowledges event types it does not handle', async () => {
    const forged = await webhook('payment_intent.succeeded', { id: 'pi_x', object: 'payment_intent' }, 'whsec_wrong');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toMatch(/signature/);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await webhook('customer.created', { id: 'cus_1', object: 'customer' })).statusCode).toBe(200);
  });

  it('a signed event is not believed either: the intent is re-read before anything is applied', async () => {
    const { appointment, patient } = await pendingBooking(t.app, t.db);
    const intent = await stripeIntent(patient.cookie, appointment.id);
    const res = await webhook('payment_intent.succeeded', {
      id: intent.paymentIntentId,
      object: 'payment_intent',
      status: 'succeeded',
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(appointments).where(eq(appointments.id, appointment.id));
    expect(row.status).toBe('pending');
  });

  it('50 concurrent confirms plus 5 webhook replays give one succeeded payment, one earning, one notification each', async () => {
    const { patient, appointment, doctorUser } = await pendingBooking(t.app, t.db);
    const intent = await stripeIntent(patient.cookie, appointment.id);
    fake.setStatus(intent.paymentIntentId, 'succeeded');
    const object = { ...fake.intents.get(intent.paymentIntentId) };
    const results = await Promise.all([
      ...Array.from({ length: 50 }, () =>
        post('/api/payments/confirm', patient.cookie, { paymentIntentId: intent.paymentIntentId }),
      ),
      ...Array.from({ length: 5 }, () => webhook('payment_intent.succeeded', object)),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual(Array(55).fill(200));
    const paid = await t.db
      .select()
      .from(payments)
      .where(and(eq(payments.appointmentId, appointment.id), eq(payments.status, 'succeeded')));
    expect(paid).toHaveLength(1);
    expect(await t.db.select().from(earnings).where(eq(earnings.appointmentId, appointment.id))).toHaveLength(1);
    const forPatient = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, patient.user.id), eq(notifications.type, 'appointment_confirmation')));
    const forDoctor = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, doctorUser.id), eq(notifications.type, 'appointment_booking')));
    expect([forPatient.length, forDoctor.length]).toEqual([1, 1]);
  });

  it('a webhook alone confirms the booking when the browser never comes back', async () => {
    const { patient, appointment } = await pendingBooking(t.app, t.db);
    const intent = await stripeIntent(patient.cookie, appointment.id);
    fake.setStatus(intent.paymentIntentId, 'succeeded');
    expect((await webhook('payment_intent.succeeded', fake.intents.get(intent.paymentIntentId)!)).statusCode).toBe(200);
    const [row] = await t.db.select().from(appointments).where(eq(appointments.id, appointment.id));
    expect(row.status).toBe('confirmed');
  });

  it('cancelling refunds through Stripe exactly once and reverses the earning', async () => {
    const { patient, appointment } = await pendingBooking(t.app, t.db, '03:30 PM', 9);
    const intent = await stripeIntent(patient.cookie, appointment.id);
    fake.setStatus(intent.paymentIntentId, 'succeeded');
    await post('/api/payments/confirm', patient.cookie, { paymentIntentId: intent.paymentIntentId });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/appointments/${appointment.id}`,
      headers: { cookie: patient.cookie },
      payload: { status: 'cancelled' },
    });
    expect(res.statusCode).toBe(200);
    expect(fake.refunds.filter((r) => r.payment_intent === intent.paymentIntentId)).toHaveLength(1);
    const payment = await paymentFor(t.db, appointment.id);
    expect(payment).toMatchObject({
      status: 'refunded',
      refundedAmount: 15000,
      providerRefundId: expect.stringMatching(/^re_/),
    });
    const [earning] = await t.db.select().from(earnings).where(eq(earnings.appointmentId, appointment.id));
    expect(earning.status).toBe('reversed');
  });

  it('has no simulated card endpoint', async () => {
    const { patient } = await pendingBooking(t.app, t.db);
    const res = await post('/api/payments/simulated/confirm-card', patient.cookie, {
      clientSecret: 'x',
      card: { number: '4242424242424242', expiry: '12/34', cvc: '123', postcode: '1' },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('simulated mode', () => {
  it('keeps the CSP to our own origin and has no webhook', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.app.inject({ url: '/api/payments/config' });
      expect(res.json()).toEqual({ provider: 'simulated', publishableKey: null });
      expect(String(res.headers['content-security-policy'])).not.toMatch(/stripe/);
      const hook = await plain.app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
        payload: '{}',
      });
      expect(hook.statusCode).toBe(400);
    } finally {
      await plain.close();
    }
  });
});
