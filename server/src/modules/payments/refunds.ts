import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payments } from '../../db/schema';
import type { AuditActor } from '../audit/record';
import { inUnit, type Unit, type UnitServices } from '../events/bus';
import type { Party } from '../events/catalog';
import { account, transfer } from '../ledger/ledger';
import { PAYMENT_MOVES } from './moves';
import { cardPart, isWalletOnly, returnWalletPart } from './wallet-part';

type PaymentRow = typeof payments.$inferSelect;

/**
 * The one refund, owning both halves. In the unit's transaction: succeeded → refund_pending (one
 * conditional UPDATE, so of racing refunds exactly one gets through), the wallet part goes back to
 * the wallet at once, the card part is set aside as pending in the ledger, and
 * `payment.refund_started` lets the earning and referral subscribers take their shares back.
 * After commit the processor is asked for the card part (`settleRefund`); the refund_retry job
 * asks again for any left pending. Undefined when the payment was not succeeded.
 */
export async function startRefund(unit: Unit, paymentId: string, by: Party, actor: AuditActor | null) {
  const [payment] = await unit.tx
    .update(payments)
    .set({ status: PAYMENT_MOVES.startRefund.to, updatedAt: unit.now })
    .where(and(eq(payments.id, paymentId), inArray(payments.status, PAYMENT_MOVES.startRefund.from)))
    .returning();
  if (!payment) return undefined;
  await setAsideRefund(unit, payment);
  await unit.emit('payment.refund_started', { payment, by, actor });
  return payment;
}

/** Both halves of a payment just moved to refund_pending: the wallet part back, the card part set aside, the processor asked after commit. */
async function setAsideRefund(unit: Unit, payment: PaymentRow) {
  await returnWalletPart(unit.tx, payment, unit.now);
  const card = cardPart(payment);
  if (card > 0) {
    await transfer(unit.tx, {
      key: `refund:${payment.id}`,
      kind: 'card_refund_requested',
      from: account.platformRevenue,
      to: account.refundsPending,
      amount: card,
      paymentId: payment.id,
    });
  }
  const { services, now } = unit;
  unit.afterCommit(() => settleRefund(services, payment, now));
}

/**
 * Asks the processor for the card part of a payment already refund_pending. The idempotency key
 * is the payment's id, so asking again (after a network failure, from the retry job) never
 * refunds twice. A refund the processor reports as pending stays refund_pending until asked again.
 */
export async function settleRefund(services: UnitServices, payment: PaymentRow, now: Date) {
  if (isWalletOnly(payment)) return completeRefund(services, payment, 0, null, now);
  const refund = await services.payments.refund(payment.providerIntentId, `refund-${payment.id}`);
  if (refund.status === 'failed') {
    services.log.error({ paymentId: payment.id, refundId: refund.id }, 'refund failed at the provider');
    return;
  }
  if (refund.status === 'succeeded') return completeRefund(services, payment, refund.amount, refund.id, now);
  await services.db
    .update(payments)
    .set({ providerRefundId: refund.id, updatedAt: now })
    .where(and(eq(payments.id, payment.id), eq(payments.status, 'refund_pending')));
}

async function completeRefund(
  services: UnitServices,
  payment: PaymentRow,
  amount: number,
  refundId: string | null,
  now: Date,
) {
  await inUnit(services, now, async (unit) => {
    const [done] = await unit.tx
      .update(payments)
      .set({
        status: PAYMENT_MOVES.settleRefund.to,
        refundedAmount: amount,
        providerRefundId: refundId,
        updatedAt: now,
      })
      .where(and(eq(payments.id, payment.id), inArray(payments.status, PAYMENT_MOVES.settleRefund.from)))
      .returning();
    if (!done) return;
    const card = cardPart(done);
    if (card > 0) {
      await transfer(unit.tx, {
        key: `refund_paid:${done.id}`,
        kind: 'card_refund_paid',
        from: account.refundsPending,
        to: account.patientCard(done.patientId),
        amount: card,
        paymentId: done.id,
      });
    }
    await unit.emit('payment.refunded', { payment: done });
  });
}

/** The card part the processor took for a payment that just succeeded, in the ledger. */
export async function recordCharge(tx: Db, payment: PaymentRow) {
  const card = cardPart(payment);
  if (card === 0) return;
  await transfer(tx, {
    key: `charge:${payment.id}`,
    kind: 'card_charge',
    from: account.patientCard(payment.patientId),
    to: account.platformRevenue,
    amount: card,
    paymentId: payment.id,
  });
}
