import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { payments } from '../../db/schema';
import type { PaymentProvider } from '../../payments/provider';
import { onPaymentRefunded } from '../mail/events';
import { isWalletOnly, settleWalletOnlyRefund } from './wallet-part';

type PaymentRow = typeof payments.$inferSelect;

/**
 * Asks the provider for the refund of a payment already marked refund_pending. The idempotency
 * key is the payment's id, so retrying after a network failure can never refund twice. When the
 * provider cannot be reached the payment stays refund_pending (visible to admins) and the call
 * can be repeated.
 */
export async function refundPayment(
  db: Db,
  provider: PaymentProvider,
  log: FastifyBaseLogger,
  payment: PaymentRow,
  now = new Date(),
) {
  if (isWalletOnly(payment)) return settleWalletOnlyRefund(db, payment, now);
  try {
    const refund = await provider.refund(payment.providerIntentId, `refund-${payment.id}`);
    if (refund.status === 'failed') {
      log.error({ paymentId: payment.id, refundId: refund.id }, 'refund failed at the provider');
      return;
    }
    // A refund the provider still reports as pending is not money back yet: the payment stays
    // refund_pending (with the refund's id) and the retry sweep asks again later.
    const done = refund.status === 'succeeded';
    await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(payments)
        .set({
          status: done ? 'refunded' : 'refund_pending',
          refundedAmount: done ? refund.amount : payment.refundedAmount,
          providerRefundId: refund.id,
          updatedAt: now,
        })
        .where(and(eq(payments.id, payment.id), eq(payments.status, 'refund_pending')))
        .returning({ appointmentId: payments.appointmentId });
      if (updated && done) await onPaymentRefunded(tx, updated.appointmentId, now);
    });
  } catch (error) {
    log.error({ err: error, paymentId: payment.id }, 'refund request failed; payment left refund_pending');
  }
}
