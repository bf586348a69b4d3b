import { and, eq, type SQL } from 'drizzle-orm';
import { platformCommission } from '@common/constants/platform';
import type { EarningStatus } from '@common/constants/statuses';
import type { Db } from '../../db/client';
import { earnings } from '../../db/schema';

/**
 * An earning's whole life, in one place: nothing else in the code writes `earnings.status`.
 *
 *   (paid)    → pending     recordPendingEarning   the appointment's payment succeeded
 *   pending   → available   releaseEarning         the consultation was completed
 *   pending   → reversed    reverseEarning         the appointment was cancelled and refunded
 *   available → in_payout   claimAvailableEarnings the doctor asked for a payout
 *
 * Settling a payout (in_payout → paid) and returning a failed one belong here when they are built.
 * Every move is one conditional UPDATE (`… where status = from`) run on the caller's connection or
 * transaction, so it happens at most once however many requests race, and never from a state the
 * table above does not allow; money already paid out is never touched.
 */
const MOVES = {
  release: { from: 'pending', to: 'available' },
  reverse: { from: 'pending', to: 'reversed' },
  claim: { from: 'available', to: 'in_payout' },
} as const satisfies Record<string, { from: EarningStatus; to: EarningStatus }>;

function move(db: Db, name: keyof typeof MOVES, which: SQL, also: Partial<typeof earnings.$inferInsert> = {}) {
  const { from, to } = MOVES[name];
  return db
    .update(earnings)
    .set({ ...also, status: to })
    .where(and(which, eq(earnings.status, from)))
    .returning({ id: earnings.id, netEarnings: earnings.netEarnings });
}

/**
 * The doctor's share of a paid appointment: the platform's commission is rounded down so rounding
 * never takes from the doctor. One earning per appointment (earnings_appointment_key), so a
 * replayed confirmation adds nothing.
 */
export async function recordPendingEarning(
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

export const releaseEarning = (db: Db, appointmentId: string) =>
  move(db, 'release', eq(earnings.appointmentId, appointmentId));

export const reverseEarning = (db: Db, appointmentId: string) =>
  move(db, 'reverse', eq(earnings.appointmentId, appointmentId));

/** All of the doctor's available earnings join the payout; returns what moved. */
export const claimAvailableEarnings = (db: Db, doctorId: string, payoutId: string) =>
  move(db, 'claim', eq(earnings.doctorId, doctorId), { payoutId });
