import type { Db } from './client';
import type { appointments, payments } from './schema';
import { recordPaidShare } from '../modules/earnings/subscribers';
import { releaseEarning } from '../modules/earnings/transitions';
import { recordCharge } from '../modules/payments/refunds';
import { issueConsultationReceipt } from '../modules/receipts/issue';

/**
 * A seeded consultation payment as a real one leaves it: the card charge and the doctor's share in
 * the ledger, the numbered receipt, and (for a visit already held) the share available. Demo
 * revenue, payouts and receipts then agree with each other like live ones.
 */
export async function recordSeededSale(
  db: Db,
  payment: typeof payments.$inferSelect,
  appointment: typeof appointments.$inferSelect,
  options: { shareAvailable?: boolean; now?: Date } = {},
) {
  await recordCharge(db, payment);
  await recordPaidShare(db, { payment, appointment });
  await issueConsultationReceipt(db, payment, appointment.id, options.now ?? payment.createdAt);
  if (options.shareAvailable) await releaseEarning(db, appointment.id);
}
