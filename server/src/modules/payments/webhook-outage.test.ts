import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentIntent, PaymentProvider } from '../../payments/provider';
import { bookedPayment, paymentFor } from '../../test-support/booking-fixtures';
import { createTestApp, type TestContext } from '../../test-support/test-app';
import { DomainEventBus } from '../events/bus';
import { confirmPaymentFromWebhook } from './webhook';

/*
 * A success webhook that cannot be applied because the processor cannot be reached when the
 * payment is confirmed must fail (a 500), so that Stripe delivers it again: only a conflict (a
 * booking refunded or lost since) is acknowledged and dropped.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a success webhook while the processor cannot be reached', () => {
  it('fails, so that it is delivered again, and leaves the payment unconfirmed', async () => {
    const { payment, appointment } = await bookedPayment(t.app, t.db, { status: 'requires_payment_method' });
    const unreachable = {
      name: payment.provider,
      publishableKey: null,
      retrieveIntent: async () => {
        throw new Error('socket hang up');
      },
    } as unknown as PaymentProvider;
    const services = {
      db: t.db,
      payments: unreachable,
      log: pino({ level: 'silent' }),
      rooms: null,
      events: new DomainEventBus([]),
    };
    const intent: PaymentIntent = {
      id: payment.providerIntentId,
      clientSecret: 'secret',
      amount: payment.amount,
      currency: payment.currency,
      status: 'succeeded',
      metadata: { purpose: 'appointment' },
      lastError: null,
    };
    await expect(confirmPaymentFromWebhook(intent, services, new Date())).rejects.toThrow('socket hang up');
    expect((await paymentFor(t.db, appointment.id)).status).toBe('requires_payment_method');
  });
});
