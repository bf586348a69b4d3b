import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PaymentStatus } from '@common/constants/statuses';
import type { Db } from '../../db/client';
import { payments } from '../../db/schema';
import { localizedError, notFound } from '../../core/errors';
import { type AuditActor, recordAudit } from '../audit/record';
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
 * asks again for any left pending. Undefined when the payment was not succeeded. `which` is the
 * payment's id, or a condition (the appointment's payment: no read before the move).
 */
export async function startRefund(
  unit: Unit,
  which: string | SQL,
  by: Party,
  actor: AuditActor | null,
  visitCancelled = false,
) {
  const started = await unit.tx
    .update(payments)
    .set({ status: PAYMENT_MOVES.startRefund.to, updatedAt: unit.now })
    .where(
      and(
        typeof which === 'string' ? eq(payments.id, which) : which,
        inArray(payments.status, PAYMENT_MOVES.startRefund.from),
      ),
    )
    .returning();
  for (const payment of started) {
    await setAsideRefund(unit, payment);
    await unit.emit('payment.refund_started', { payment, by, actor, visitCancelled });
  }
  return started.at(0);
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
 * The idempotency key of the current round of asking: the first round's is the payment's id, so
 * asking again (after a network failure, from the retry job) never refunds twice; each round an
 * administrator restarts from the failed-refunds queue asks under a key of its own, since the
 * processor answers a key it has seen with the same (failed) refund.
 */
export const refundKey = (payment: Pick<PaymentRow, 'id' | 'refundRetries'>) =>
  payment.refundRetries === 0 ? `refund-${payment.id}` : `refund-${payment.id}-${payment.refundRetries}`;

/**
 * Asks the processor for the card part of a payment already refund_pending. A refund the
 * processor reports as pending stays refund_pending until asked again. A failed answer, or the
 * REFUND_MAX_FAILURES-th unanswered ask, ends in refund_failed (recordRefundFailure); an
 * unanswered ask is rethrown for the caller to log.
 */
export async function settleRefund(services: UnitServices, payment: PaymentRow, now: Date) {
  if (isWalletOnly(payment)) return completeRefund(services, payment, 0, null, now);
  let refund;
  try {
    refund = await services.payments.refund(payment.providerIntentId, refundKey(payment));
  } catch (err) {
    await recordRefundFailure(services, payment, now, { final: false });
    throw err;
  }
  if (refund.status === 'failed') {
    services.log.error({ paymentId: payment.id, refundId: refund.id }, 'refund failed at the provider');
    await recordRefundFailure(services, payment, now, { final: true, refundId: refund.id });
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

/**
 * How many unanswered asks (the processor unreachable, or erring) a round of refunding tolerates
 * before it gives up: with the refund_retry sweep every 5 minutes, about an hour (decision 072).
 * A refund the processor answers "failed" is final at once, as asking again under the same key
 * returns the same refund.
 */
export const REFUND_MAX_FAILURES = 12;

/** The failed-refund moves of PAYMENT_MOVES, each from its one state (the queue's commands below). */
export const REFUND_FAILURE_MOVES = {
  giveUp: { from: PAYMENT_MOVES.giveUpRefund.from[0], to: PAYMENT_MOVES.giveUpRefund.to },
  retry: { from: PAYMENT_MOVES.retryRefund.from[0], to: PAYMENT_MOVES.retryRefund.to },
  resolve: { from: PAYMENT_MOVES.resolveRefund.from[0], to: PAYMENT_MOVES.resolveRefund.to },
} as const satisfies Record<string, { from: PaymentStatus; to: PaymentStatus }>;

/**
 * Counts one failed ask; on a final answer or the REFUND_MAX_FAILURES-th failure the payment
 * moves refund_pending → refund_failed, its card part moves from refunds_pending to refunds_failed
 * in the ledger (one transfer per round) and `payment.refund_failed` raises the alert.
 */
export async function recordRefundFailure(
  services: UnitServices,
  payment: PaymentRow,
  now: Date,
  { final, refundId = null }: { final: boolean; refundId?: string | null },
) {
  await inUnit(services, now, async (unit) => {
    const [counted] = await unit.tx
      .update(payments)
      .set({ refundFailures: sql`${payments.refundFailures} + 1`, updatedAt: now })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'refund_pending')))
      .returning();
    if (!counted || (!final && counted.refundFailures < REFUND_MAX_FAILURES)) return;
    const { from, to } = REFUND_FAILURE_MOVES.giveUp;
    const [failed] = await unit.tx
      .update(payments)
      .set({ status: to, providerRefundId: refundId ?? counted.providerRefundId, updatedAt: now })
      .where(and(eq(payments.id, payment.id), eq(payments.status, from)))
      .returning();
    if (!failed) return;
    const card = cardPart(failed);
    if (card > 0) {
      await transfer(unit.tx, {
        key: `refund_failed:${failed.id}:${failed.refundRetries}`,
        kind: 'card_refund_failed',
        from: account.refundsPending,
        to: account.refundsFailed,
        amount: card,
        paymentId: failed.id,
      });
    }
    await unit.emit('payment.refund_failed', { payment: failed });
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
