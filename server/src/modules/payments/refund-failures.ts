import { and, eq, sql } from 'drizzle-orm';
import { payments } from '../../db/schema';
import { localizedError, notFound } from '../../core/errors';
import { type AuditActor, recordAudit } from '../audit/record';
import { inUnit, type UnitServices } from '../events/bus';
import { account, transfer } from '../ledger/ledger';
import { REFUND_FAILURE_MOVES, settleRefund } from './refunds';
import { cardPart } from './wallet-part';

type Move = (typeof REFUND_FAILURE_MOVES)[keyof typeof REFUND_FAILURE_MOVES];

/** Why a move from refund_failed was refused: 404 for no such payment, 409 for one in another state. */
async function refused(services: UnitServices, id: string) {
  const [current] = await services.db.select({ status: payments.status }).from(payments).where(eq(payments.id, id));
  if (!current) return notFound('Payment');
  return localizedError('conflict', 'errors.refundNotFailed', { status: current.status });
}

/**
 * An administrator starts a new round of asking for a failed card refund: refund_failed →
 * refund_pending, the money back from refunds_failed to refunds_pending, the failures counted
 * anew, and the processor asked at once under the round's own key (refundKey). Whether the
 * processor answers at once or not, the payment as it then is comes back; the refund_retry job
 * asks again while it stays pending.
 */
export async function retryFailedRefund(services: UnitServices, actor: AuditActor, id: string, now: Date) {
  const move: Move = REFUND_FAILURE_MOVES.retry;
  const pending = await inUnit(services, now, async ({ tx }) => {
    const [row] = await tx
      .update(payments)
      .set({
        status: move.to,
        refundRetries: sql`${payments.refundRetries} + 1`,
        refundFailures: 0,
        updatedAt: now,
      })
      .where(and(eq(payments.id, id), eq(payments.status, move.from)))
      .returning();
    if (!row) return null;
    await transfer(tx, {
      key: `refund_retried:${row.id}:${row.refundRetries}`,
      kind: 'card_refund_retried',
      from: account.refundsFailed,
      to: account.refundsPending,
      amount: cardPart(row),
      paymentId: row.id,
    });
    await recordAudit(
      tx,
      actor,
      {
        action: 'payment.refund_retry',
        target: { type: 'payment', id },
        subjectUserId: row.patientId,
        before: { status: move.from },
        after: { status: move.to, round: row.refundRetries },
      },
      now,
    );
    return row;
  });
  if (!pending) throw await refused(services, id);
  try {
    await settleRefund(services, pending, now);
  } catch (err) {
    services.log.warn({ category: 'payments', err, paymentId: id }, 'retried refund not settled; the sweep asks again');
  }
}

/**
 * An administrator closes a failed card refund as settled outside Medora (a bank transfer, a
 * refund made in the processor's own dashboard), with a note: refund_failed → refunded, the money
 * owed leaves refunds_failed for the patient's card account, and the patient hears that the
 * refund is done.
 */
export async function resolveFailedRefund(
  services: UnitServices,
  actor: AuditActor,
  id: string,
  note: string,
  now: Date,
) {
  const move: Move = REFUND_FAILURE_MOVES.resolve;
  const resolved = await inUnit(services, now, async (unit) => {
    const { tx } = unit;
    const [current] = await tx.select().from(payments).where(eq(payments.id, id));
    if (!current) return null;
    const [row] = await tx
      .update(payments)
      .set({ status: move.to, refundedAmount: cardPart(current), refundNote: note, updatedAt: now })
      .where(and(eq(payments.id, id), eq(payments.status, move.from)))
      .returning();
    if (!row) return null;
    await transfer(tx, {
      key: `refund_resolved:${row.id}`,
      kind: 'card_refund_resolved',
      from: account.refundsFailed,
      to: account.patientCard(row.patientId),
      amount: cardPart(row),
      paymentId: row.id,
    });
    await recordAudit(
      tx,
      actor,
      {
        action: 'payment.refund_resolve',
        target: { type: 'payment', id },
        subjectUserId: row.patientId,
        before: { status: move.from },
        after: { status: move.to, amount: row.refundedAmount, note },
      },
      now,
    );
    await unit.emit('payment.refunded', { payment: row });
    return row;
  });
  if (!resolved) throw await refused(services, id);
}
