import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../core/clock';
import { jobs, payments } from '../../db/schema';
import type { PaymentProvider, Refund } from '../../payments/provider';
import { bookedPayment } from '../../test-support/booking-fixtures';
import { createTestApp, type TestContext } from '../../test-support/test-app';
import { REFUND_RETRY_AFTER_MS } from './refund-retry';

/** A processor whose refunds answer what the test says; it records every refund asked for. */
const asked: { intentId: string; key: string }[] = [];
let answer: (intentId: string) => Refund['status'] | Error = () => 'pending';
const provider = {
  name: 'simulated',
  publishableKey: null,
  refund: async (intentId: string, key: string) => {
    asked.push({ intentId, key });
    const status = answer(intentId);
    if (status instanceof Error) throw status;
    return { id: `re_${intentId}`, status, amount: 15000 };
  },
} as unknown as PaymentProvider;

const clock = fixedClock(new Date());
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({}, { clock, payments: provider });
});
afterAll(() => t.close());
beforeEach(async () => {
  asked.length = 0;
  answer = () => 'pending';
  await t.db.delete(jobs).where(eq(jobs.kind, 'refund_retry'));
});

/** A card payment whose refund was asked for `ago` ms before now and is still pending at the processor. */
const refundPendingPayment = async (ago: number) =>
  (
    await bookedPayment(t.app, t.db, {
      status: 'refund_pending',
      updatedAt: new Date(clock.now().getTime() - ago),
    })
  ).payment;

const paymentOf = async (id: string) => (await t.db.select().from(payments).where(eq(payments.id, id)))[0];
const pendingRuns = () =>
  t.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, 'refund_retry'), inArray(jobs.status, ['queued', 'running'])));

describe('pending refunds are asked about again by the refund_retry job', () => {
  it('runs when due, every REFUND_RETRY_AFTER_MS, until the processor reports the money back', async () => {
    const payment = await refundPendingPayment(REFUND_RETRY_AFTER_MS);
    const fresh = await refundPendingPayment(0);
    await t.app.jobWorker.ensureScheduled();
    const [first] = await pendingRuns();
    expect(first.runAt.getTime()).toBe(clock.now().getTime() + REFUND_RETRY_AFTER_MS);

    // Not due yet: nobody is asked.
    await t.app.jobWorker.runDue();
    expect(asked).toEqual([]);

    // Due: the processor still says pending; the payment stays refund_pending, asked again later.
    clock.advance(REFUND_RETRY_AFTER_MS);
    await t.app.jobWorker.runDue();
    expect(asked.map((a) => a.key).sort()).toEqual([`refund-${fresh.id}`, `refund-${payment.id}`].sort());
    expect((await paymentOf(payment.id)).status).toBe('refund_pending');
    const [second] = await pendingRuns();
    expect(second.id).not.toBe(first.id);
    expect(second.runAt.getTime()).toBe(clock.now().getTime() + REFUND_RETRY_AFTER_MS);

    // The next run: the refund went through; the payment is refunded, once.
    answer = () => 'succeeded';
    asked.length = 0;
    clock.advance(REFUND_RETRY_AFTER_MS);
    await t.app.jobWorker.runDue();
    expect(await paymentOf(payment.id)).toMatchObject({ status: 'refunded', refundedAmount: 15000 });
    expect(await paymentOf(fresh.id)).toMatchObject({ status: 'refunded', refundedAmount: 15000 });
    expect(asked).toHaveLength(2);

    asked.length = 0;
    clock.advance(REFUND_RETRY_AFTER_MS);
    await t.app.jobWorker.runDue();
    expect(asked).toEqual([]);
    expect(await pendingRuns()).toHaveLength(1);
    const runs = await t.db.select().from(jobs).where(eq(jobs.kind, 'refund_retry'));
    expect(runs.filter((r) => r.status === 'done')).toHaveLength(3);
  });

  it('a processor error for one payment leaves it for the next run and settles the others', async () => {
    const broken = await refundPendingPayment(REFUND_RETRY_AFTER_MS);
    const fine = await refundPendingPayment(REFUND_RETRY_AFTER_MS);
    answer = (intentId) => (intentId === broken.providerIntentId ? new Error('processor unreachable') : 'succeeded');
    await t.app.jobWorker.ensureScheduled();
    clock.advance(REFUND_RETRY_AFTER_MS);
    await t.app.jobWorker.runDue();
    expect((await paymentOf(broken.id)).status).toBe('refund_pending');
    expect((await paymentOf(fine.id)).status).toBe('refunded');
    const runs = await t.db.select().from(jobs).where(eq(jobs.kind, 'refund_retry'));
    expect(runs.map((r) => r.status).sort()).toEqual(['done', 'queued']);

    answer = () => 'succeeded';
    clock.advance(REFUND_RETRY_AFTER_MS);
    await t.app.jobWorker.runDue();
    expect((await paymentOf(broken.id)).status).toBe('refunded');
  });
});
