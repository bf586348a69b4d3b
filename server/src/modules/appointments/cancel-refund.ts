import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appointmentProposals, payments } from '../../db/schema';
import { reverseEarning } from '../earnings/transitions';
import { returnWalletPart } from '../payments/wallet-part';

/**
 * What every cancellation does to the money, inside the cancelling transaction: the doctor's
 * earning is reversed, the payment is marked refund_pending and the wallet part goes back at once.
 * The caller asks the provider for the card part after commit (refundPayment), so a provider
 * failure never undoes the cancellation. An open proposal for the appointment can no longer be
 * accepted, so it expires here too.
 */
export async function releaseCancelledAppointment(tx: Db, appointmentId: string, now: Date) {
  await reverseEarning(tx, appointmentId);
  const [payment] = await tx
    .update(payments)
    .set({ status: 'refund_pending', updatedAt: now })
    .where(and(eq(payments.appointmentId, appointmentId), eq(payments.status, 'succeeded')))
    .returning();
  if (payment) await returnWalletPart(tx, payment, now);
  await tx
    .update(appointmentProposals)
    .set({ status: 'expired', decidedAt: now })
    .where(and(eq(appointmentProposals.appointmentId, appointmentId), eq(appointmentProposals.status, 'open')));
  return payment;
}
