import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { SETTLED_PAYMENT_STATUSES } from '@common/constants/statuses';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { payments, receipts, reportPurchases } from '../../db/schema';
import { issueConsultationReceipt, issueReportReceipt } from './issue';

/**
 * Numbers the receipts of payments made before receipts existed (migration 0040), oldest payment
 * first, each in its own transaction, dated when issued. Runs at every start: once nothing is
 * missing it is two indexed reads. Two instances starting together may both try one payment; the
 * unique index on the receipt's source lets one win and the other move on.
 */
export async function issueMissingReceipts(db: Db, now: Date): Promise<number> {
  let issued = 0;
  const consultations = await db
    .select({ payment: payments })
    .from(payments)
    .leftJoin(receipts, eq(receipts.paymentId, payments.id))
    .where(
      and(
        isNull(receipts.id),
        isNotNull(payments.appointmentId),
        inArray(payments.status, [...SETTLED_PAYMENT_STATUSES]),
      ),
    )
    .orderBy(asc(payments.createdAt), asc(payments.id));
  for (const { payment } of consultations) {
    if (await once(() => db.transaction((tx) => issueConsultationReceipt(tx, payment, payment.appointmentId!, now))))
      issued += 1;
  }
  const reports = await db
    .select({ purchase: reportPurchases })
    .from(reportPurchases)
    .leftJoin(receipts, eq(receipts.reportPurchaseId, reportPurchases.id))
    .where(and(isNull(receipts.id), eq(reportPurchases.status, 'paid')))
    .orderBy(asc(reportPurchases.createdAt), asc(reportPurchases.id));
  for (const { purchase } of reports) {
    if (await once(() => db.transaction((tx) => issueReportReceipt(tx, purchase, now)))) issued += 1;
  }
  return issued;
}

/** True when this call issued it; false when another instance got there first. */
async function once(issue: () => Promise<unknown>): Promise<boolean> {
  try {
    await issue();
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}
