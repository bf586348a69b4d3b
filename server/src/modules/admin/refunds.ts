import { asc, eq } from 'drizzle-orm';
import { WALLET_PROVIDER } from '@common/constants/wallet';
import type { AdminFailedRefundRow, Page } from '@common/schemas/admin';
import type { Db } from '../../db/client';
import { payments, users } from '../../db/schema';
import { cappedCount, offsetOf, pageOf } from '../platform/paging';

const failed = eq(payments.status, 'refund_failed');

/**
 * "Refunds that failed": card refunds the processor would not make, oldest first, with what is
 * owed and how often it was asked. Retry and resolve are payments' commands (payments/refunds.ts).
 */
export async function listFailedRefunds(
  db: Db,
  query: { page: number; pageSize: number },
): Promise<Page<AdminFailedRefundRow>> {
  const [rows, count] = await Promise.all([
    db
      .select({ payment: payments, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.patientId))
      .where(failed)
      .orderBy(asc(payments.updatedAt), asc(payments.id))
      .limit(query.pageSize)
      .offset(offsetOf(query.page, query.pageSize)),
    cappedCount(db, db.select({ id: payments.id }).from(payments).where(failed)),
  ]);
  const present = ({ payment: p, firstName, lastName, email }: (typeof rows)[number]): AdminFailedRefundRow => ({
    paymentId: p.id,
    patientId: p.patientId,
    patientName: `${firstName} ${lastName}`,
    patientEmail: email,
    appointmentId: p.appointmentId,
    purpose: p.purpose,
    amount: p.provider === WALLET_PROVIDER ? 0 : p.amount - p.walletAmount,
    currency: p.currency,
    failures: p.refundFailures,
    retries: p.refundRetries,
    providerRefundId: p.providerRefundId,
    failedAt: p.updatedAt.toISOString(),
  });
  return pageOf(rows.map(present), count, query.page, query.pageSize);
}
