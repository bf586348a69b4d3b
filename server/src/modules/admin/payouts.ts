import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { AdminPayoutRow, Page } from '@common/schemas/admin';
import type { PayoutStatus } from '@common/constants/statuses';
import type { Db } from '../../db/client';
import { doctors, payouts, users } from '../../db/schema';
import { localizedError, notFound } from '../../core/errors';
import { type AuditActor, recordAudit } from '../audit/record';
import { returnPayoutEarnings, settlePayoutEarnings } from '../earnings/transitions';
import { account, transfer } from '../ledger/ledger';
import { notify } from '../notifications/service';
import { cappedCount, offsetOf, pageOf } from '../platform/paging';

const columns = {
  id: payouts.id,
  doctorId: payouts.doctorId,
  doctorUserId: doctors.userId,
  firstName: users.firstName,
  lastName: users.lastName,
  amount: payouts.amount,
  payoutMethod: payouts.payoutMethod,
  bankAccount: payouts.bankAccount,
  status: payouts.status,
  requestedAt: payouts.requestedAt,
  paidAt: payouts.paidAt,
  failedAt: payouts.failedAt,
  failureReason: payouts.failureReason,
};

const select = (db: Db) =>
  db
    .select(columns)
    .from(payouts)
    .innerJoin(doctors, eq(doctors.id, payouts.doctorId))
    .innerJoin(users, eq(users.id, doctors.userId));

function present(r: Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number]): AdminPayoutRow {
  return {
    id: r.id,
    doctorId: r.doctorId,
    doctorName: `${r.firstName} ${r.lastName}`,
    amount: r.amount,
    payoutMethod: r.payoutMethod,
    bankAccount: r.bankAccount ? `•••• ${r.bankAccount}` : null,
    status: r.status,
    requestedAt: r.requestedAt.toISOString(),
    paidAt: r.paidAt?.toISOString() ?? null,
    failedAt: r.failedAt?.toISOString() ?? null,
    failureReason: r.failureReason,
  };
}

export async function listPayouts(
  db: Db,
  query: { page: number; pageSize: number; status?: PayoutStatus },
): Promise<Page<AdminPayoutRow>> {
  const where: SQL | undefined = query.status ? eq(payouts.status, query.status) : undefined;
  const [rows, count] = await Promise.all([
    select(db)
      .where(where)
      .orderBy(desc(payouts.requestedAt), desc(payouts.id))
      .limit(query.pageSize)
      .offset(offsetOf(query.page, query.pageSize)),
    cappedCount(db, db.select({ id: payouts.id }).from(payouts).where(where)),
  ]);
  return pageOf(rows.map(present), count, query.page, query.pageSize);
}

async function one(db: Db, id: string) {
  const [row] = await select(db).where(eq(payouts.id, id));
  if (!row) throw notFound('Payout');
  return row;
}

/**
 * A pending payout becomes paid (its earnings paid) or failed (its earnings available again),
 * once: the conditional UPDATE on `status = 'pending'` decides, and the earnings move, the
 * doctor's notification and the audit row commit with it.
 */
async function settle(
  db: Db,
  actor: AuditActor,
  id: string,
  outcome: { status: 'paid' } | { status: 'failed'; reason: string },
  now: Date,
): Promise<AdminPayoutRow> {
  return db.transaction(async (tx) => {
    const [changed] = await tx
      .update(payouts)
      .set(
        outcome.status === 'paid'
          ? { status: 'paid', paidAt: now }
          : { status: 'failed', failedAt: now, failureReason: outcome.reason },
      )
      .where(and(eq(payouts.id, id), eq(payouts.status, 'pending')))
      .returning();
    if (!changed) {
      const existing = await one(tx, id);
      throw localizedError('conflict', 'errors.payoutAlready', { status: existing.status });
    }
    if (outcome.status === 'paid') {
      const settled = await settlePayoutEarnings(tx, id);
      // The payout pays exactly its amount, which is exactly the earnings it settles; the database
      // checks it again at commit (migrations/0048), so a payout of nothing is never paid.
      const earned = settled.reduce((sum, e) => sum + e.netEarnings, 0);
      if (changed.amount <= 0 || earned !== changed.amount) {
        throw localizedError('conflict', 'errors.payoutAmountMismatch');
      }
      // The money leaves the platform: what the doctor was owed becomes what they were paid.
      await transfer(tx, {
        key: `payout:${id}`,
        kind: 'payout_paid',
        from: account.doctorPayable(changed.doctorId),
        to: account.doctorPaidOut(changed.doctorId),
        amount: changed.amount,
      });
    } else await returnPayoutEarnings(tx, id);
    const row = await one(tx, id);
    await notify(tx, {
      userId: row.doctorUserId,
      type: outcome.status === 'paid' ? 'payout_paid' : 'payout_failed',
      priority: outcome.status === 'paid' ? 'medium' : 'high',
      text:
        outcome.status === 'paid'
          ? {
              titleKey: 'notify.payout.paid.title',
              messageKey: 'notify.payout.paid.message',
              values: { amount: { cents: row.amount } },
            }
          : {
              titleKey: 'notify.payout.failed.title',
              messageKey: 'notify.payout.failed.message',
              values: { amount: { cents: row.amount }, reason: outcome.reason },
            },
    });
    await recordAudit(
      tx,
      actor,
      {
        action: outcome.status === 'paid' ? 'payout.paid' : 'payout.failed',
        target: { type: 'payout', id },
        subjectUserId: row.doctorUserId,
        before: { status: 'pending' },
        after: outcome.status === 'paid' ? { status: 'paid' } : { status: 'failed', reason: outcome.reason },
      },
      now,
    );
    return present(row);
  });
}

export const markPayoutPaid = (db: Db, actor: AuditActor, id: string, now: Date) =>
  settle(db, actor, id, { status: 'paid' }, now);

export const markPayoutFailed = (db: Db, actor: AuditActor, id: string, reason: string, now: Date) =>
  settle(db, actor, id, { status: 'failed', reason }, now);
