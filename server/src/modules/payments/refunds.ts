import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { payments } from '../../db/schema';
import type { PaymentProvider } from '../../payments/provider';
import { isWalletOnly, settleWalletOnlyRefund } from './wallet-part';

type PaymentRow = typeof payments.$inferSelect;

/**
 * Asks the provider for the refund of a payment already marked refund_pending. The idempotency
 * key is the payment's id, so retrying after a network failure can never refund twice. When the
 * provider cannot be reached the payment stays refund_pending (visible to admins) and the call
 * can be repeated.
 */
export async function refundPayment(db: Db, provider: PaymentProvider, log: FastifyBaseLogger, payment: PaymentRow) {
  if (isWalletOnly(payment)) return settleWalletOnlyRefund(db, payment, new Date());
  try {
    const refund = await provider.refund(payment.providerIntentId, `refund-${payment.id}`);
    if (refund.status === 'failed') {
      log.error({ paymentId: payment.id, refundId: refund.id }, 'refund failed at the provider');
      return;
    }
    await db
      .update(payments)
      .set({ status: 'refunded', refundedAmount: refund.amount, providerRefundId: refund.id, updatedAt: new Date() })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'refund_pending')));
  } catch (error) {
    log.error({ err: error, paymentId: payment.id }, 'refund request failed; payment left refund_pending');
  }
}
