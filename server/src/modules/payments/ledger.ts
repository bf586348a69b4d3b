import { and, eq } from 'drizzle-orm';
import { platformCommission } from '@common/constants/platform';
import type { Db } from '../../db/client';
import { earnings } from '../../db/schema';

/**
 * The doctor's share of a paid appointment: platform keeps 15 %, the doctor 85 % (rounding
 * favours the doctor). Pending until the consultation is completed (issue 5 makes it available).
 * One earning per appointment (unique index), so a replayed confirmation adds nothing.
 */
export async function recordEarning(
  db: Db,
  input: { doctorId: string; appointmentId: string; paymentId: string; gross: number },
) {
  const commission = platformCommission(input.gross);
  await db
    .insert(earnings)
    .values({
      doctorId: input.doctorId,
      appointmentId: input.appointmentId,
      paymentId: input.paymentId,
      grossAmount: input.gross,
      platformCommission: commission,
      netEarnings: input.gross - commission,
      status: 'pending',
    })
    .onConflictDoNothing();
}

/** A cancelled appointment's pending earning is reversed; money already paid out is not touched. */
export async function reverseEarning(db: Db, appointmentId: string) {
  await db
    .update(earnings)
    .set({ status: 'reversed' })
    .where(and(eq(earnings.appointmentId, appointmentId), eq(earnings.status, 'pending')));
}
