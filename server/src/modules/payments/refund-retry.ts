import { and, eq, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { payments } from '../../db/schema';
import type { PaymentProvider } from '../../payments/provider';
import { refundPayment } from './refunds';

/** A refund still pending is asked about again after this long (and then at every sweep). */
export const REFUND_RETRY_AFTER_MS = 5 * 60_000;
const SWEEP_LIMIT = 50;

/**
 * Asks the provider again about every payment left refund_pending (unreachable provider, refund
 * still pending at the bank). The refund's idempotency key is the payment's id, so asking again
 * returns the same refund and never refunds twice.
 */
export async function retryPendingRefunds(db: Db, provider: PaymentProvider, log: FastifyBaseLogger, now: Date) {
  const due = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.status, 'refund_pending'),
        lt(payments.updatedAt, new Date(now.getTime() - REFUND_RETRY_AFTER_MS)),
      ),
    )
    .limit(SWEEP_LIMIT);
  for (const payment of due) await refundPayment(db, provider, log, payment, now);
}
