import { eq } from 'drizzle-orm';
import { CONSULTATION_TYPE_LABELS } from '@common/constants/consultation-types';
import { RECEIPT_TAX_RATE_PERCENT } from '@common/constants/receipts';
import type { ReportTier } from '@common/constants/outbreak';
import type { Db } from '../../db/client';
import { payments, receipts, reportPurchases } from '../../db/schema';
import { appointmentView } from '../appointment-view/view';
import { insertNumberedReceipt } from './numbering';

type Source = { paymentId: string } | { reportPurchaseId: string };
type ReceiptInput = Source & { buyerId: string; item: string; amount: number; currency: string };

const TIER_NAMES: Record<ReportTier, string> = { summary: 'Summary', full: 'Full', detailed: 'Detailed' };

/**
 * Issues the receipt of one succeeded payment, in the transaction that applied it. Once: a second
 * call for the same payment finds the first receipt before it takes a number, so a replay never
 * burns one. The tax is part of the price (none is added); at a 0 % rate it is 0.
 */
async function issueReceipt(tx: Db, input: ReceiptInput, now: Date) {
  const issued =
    'paymentId' in input
      ? eq(receipts.paymentId, input.paymentId)
      : eq(receipts.reportPurchaseId, input.reportPurchaseId);
  const taxAmount = Math.round((input.amount * RECEIPT_TAX_RATE_PERCENT) / (100 + RECEIPT_TAX_RATE_PERCENT));
  const id = await insertNumberedReceipt(tx, issued, {
    paymentId: 'paymentId' in input ? input.paymentId : null,
    reportPurchaseId: 'reportPurchaseId' in input ? input.reportPurchaseId : null,
    buyerId: input.buyerId,
    item: input.item,
    amount: input.amount,
    taxAmount,
    taxRatePercent: RECEIPT_TAX_RATE_PERCENT,
    currency: input.currency,
    issuedAt: now,
  });
  if (id) return id;
  const [existing] = await tx.select({ id: receipts.id }).from(receipts).where(issued);
  return existing.id;
}

/** A consultation payment (booked or matched from a specialty) that just succeeded. */
export async function issueConsultationReceipt(
  tx: Db,
  payment: typeof payments.$inferSelect,
  appointmentId: string,
  now: Date,
) {
  // The parties as every reader of the appointment sees them (appointment-view/view.ts).
  const { consultationType, doctor } = (await appointmentView(tx, appointmentId))!;
  const specialty = doctor.specialty ? `, ${doctor.specialty}` : '';
  return issueReceipt(
    tx,
    {
      paymentId: payment.id,
      buyerId: payment.patientId,
      item: `${CONSULTATION_TYPE_LABELS[consultationType]} consultation with Dr. ${doctor.firstName} ${doctor.lastName}${specialty}`,
      amount: payment.amount,
      currency: payment.currency,
    },
    now,
  );
}

/** An outbreak report purchase that was just paid. */
export async function issueReportReceipt(tx: Db, purchase: typeof reportPurchases.$inferSelect, now: Date) {
  return issueReceipt(
    tx,
    {
      reportPurchaseId: purchase.id,
      buyerId: purchase.buyerId,
      item: `Outbreak monitoring PDF report: ${TIER_NAMES[purchase.tier]}`,
      amount: purchase.amount,
      currency: purchase.currency,
    },
    now,
  );
}
