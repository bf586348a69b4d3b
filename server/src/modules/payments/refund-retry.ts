import { and, asc, eq, lte } from 'drizzle-orm';
import { z } from 'zod';
import { payments } from '../../db/schema';
import type { UnitServices } from '../events/bus';
import { defineJobKind } from '../jobs/registry';
import { bindJob } from '../jobs/worker';
import { settleRefund } from './refunds';

/** A refund still pending is asked about again after this long (and then at every sweep). */
export const REFUND_RETRY_AFTER_MS = 5 * 60_000;
const SWEEP_LIMIT = 50;

/**
 * The sweep of pending refunds, a scheduled job: one queued row shared by every instance, run
 * every REFUND_RETRY_AFTER_MS by whichever instance claims it. It carries nothing.
 */
export const refundRetryJob = defineJobKind({
  kind: 'refund_retry',
  version: 1,
  schema: z.object({}),
  scheduled: { everyMs: REFUND_RETRY_AFTER_MS },
});

/**
 * Asks the provider again about every payment left refund_pending for a while (unreachable
 * provider, refund still pending at the bank), oldest first. The refund's idempotency key is the
 * payment's id, so asking again returns the same refund and never refunds twice. A payment the
 * provider cannot answer for is logged and left for the next sweep; the others go on. How many
 * were asked about, and how many of those failed.
 */
export async function retryPendingRefunds(services: UnitServices, now: Date) {
  const due = await services.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.status, 'refund_pending'),
        lte(payments.updatedAt, new Date(now.getTime() - REFUND_RETRY_AFTER_MS)),
      ),
    )
    .orderBy(asc(payments.updatedAt))
    .limit(SWEEP_LIMIT);
  let failed = 0;
  for (const payment of due) {
    try {
      await settleRefund(services, payment, now);
    } catch (err) {
      failed += 1;
      services.log.warn(
        { category: 'payments', err, paymentId: payment.id },
        'pending refund not settled; next sweep asks again',
      );
    }
  }
  return { asked: due.length, failed };
}

/** The refund_retry job in an app: its services, and the app clock for "now". */
export const refundRetryBinding = (services: UnitServices, now: () => Date) =>
  bindJob(refundRetryJob, async () => {
    await retryPendingRefunds(services, now());
    return { status: 'done' };
  });
