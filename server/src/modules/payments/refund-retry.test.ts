import { eq } from 'drizzle-orm';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPayment } from '../../db/factories';
import { payments } from '../../db/schema';
import type { PaymentProvider, Refund } from '../../payments/provider';
import { pendingBooking } from '../../test-support/booking-fixtures';
import { createTestApp, type TestContext } from '../../test-support/test-app';
import { refundPayment } from './refunds';
import { retryPendingRefunds } from './refund-retry';

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const providerAnswering = (status: Refund['status']) =>
  ({ refund: async () => ({ id: 're_1', status, amount: 15000 }) }) as unknown as PaymentProvider;

async function refundPendingPayment() {
  const { appointment, patient } = await pendingBooking(t.app, t.db);
  return createPayment(t.db, {
    appointmentId: appointment.id,
    patientId: patient.user.id,
    purpose: 'appointment',
    amount: 15000,
    status: 'refund_pending',
  });
}

const statusOf = async (id: string) => (await t.db.select().from(payments).where(eq(payments.id, id)))[0];

describe('refunds are recorded only once the money is back', () => {
  it('keeps a refund the provider reports as pending in refund_pending', async () => {
    const payment = await refundPendingPayment();
    await refundPayment(t.db, providerAnswering('pending'), log, payment);
    expect((await statusOf(payment.id)).status).toBe('refund_pending');
  });

  it('retries refund_pending payments until the provider reports the refund succeeded', async () => {
    const payment = await refundPendingPayment();
    await refundPayment(t.db, providerAnswering('pending'), log, payment);
    const later = new Date(Date.now() + 10 * 60_000);
    await retryPendingRefunds(t.db, providerAnswering('succeeded'), log, later);
    expect(await statusOf(payment.id)).toMatchObject({ status: 'refunded', refundedAmount: 15000 });
  });
});
