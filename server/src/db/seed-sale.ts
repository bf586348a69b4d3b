import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { earnings, payments, type appointments } from './schema';
import { recordPaidShare } from '../modules/earnings/subscribers';
import { releaseEarning } from '../modules/earnings/transitions';
import { recordCharge } from '../modules/payments/refunds';
import { issueConsultationReceipt } from '../modules/receipts/issue';

const PAID_DAYS_BEFORE = 3 * 86_400_000;

/**
 * A seeded consultation payment as a real one leaves it: the card charge and the doctor's share in
 * the ledger, the numbered receipt, and (for a visit already held) the share available. Demo
 * revenue, payouts and receipts then agree with each other like live ones. Paid as a patient would
 * pay: a few days before the visit (or now, for one booked sooner), so a doctor's earnings list
 * does not date every past visit's share to the day the demo was seeded.
 */
export async function recordSeededSale(
  db: Db,
  payment: typeof payments.$inferSelect,
  appointment: typeof appointments.$inferSelect,
  options: { shareAvailable?: boolean; now?: Date } = {},
) {
  const paidAt = new Date(Math.min(payment.createdAt.getTime(), appointment.startsAt.getTime() - PAID_DAYS_BEFORE));
  const paid = { ...payment, createdAt: paidAt };
  await db.update(payments).set({ createdAt: paidAt }).where(eq(payments.id, payment.id));
  await recordCharge(db, paid);
  await recordPaidShare(db, { payment: paid, appointment });
  await db.update(earnings).set({ earnedAt: paidAt }).where(eq(earnings.paymentId, payment.id));
  await issueConsultationReceipt(db, paid, appointment.id, options.now ?? paidAt);
  if (options.shareAvailable) await releaseEarning(db, appointment.id);
}
