import { and, eq, type SQL } from 'drizzle-orm';
import { platformCommission } from '@common/constants/platform';
import type { Db } from '../../db/client';
import { earnings } from '../../db/schema';
import { EARNING_MOVES } from './moves';

/**
 * An earning's whole life, in one place: nothing else in the code writes `earnings.status`.
 *
 *   (paid)    → pending     recordPendingEarning   the appointment's payment succeeded
 *   pending   → available   releaseEarning         the consultation was completed
 *   available → in_payout   claimAvailableEarnings the doctor asked for a payout
 *   in_payout → paid        settlePayoutEarnings   an administrator marked the payout paid
 *   in_payout → available   returnPayoutEarnings   an administrator marked the payout failed
 *   pending   → reversed    reverseEarningForRefund the payment is refunded (a cancellation, or
 *   available → reversed                           the console after the consultation took place)
 *
 * The moves are EARNING_MOVES (moves.ts), from which the database's guard is written too. Every
 * move is one conditional UPDATE (`… where status = from`) run on the caller's connection or
 * transaction, so it happens at most once however many requests race, and never from a state the
 * table above does not allow; money already paid out is never touched.
 */
const MOVES = EARNING_MOVES;

function move(db: Db, name: keyof typeof MOVES, which: SQL, also: { payoutId?: string | null } = {}) {
  const { from, to } = MOVES[name];
  return db
    .update(earnings)
    .set({ ...also, status: to })
    .where(and(which, eq(earnings.status, from)))
    .returning({
      id: earnings.id,
      doctorId: earnings.doctorId,
      netEarnings: earnings.netEarnings,
      platformCommission: earnings.platformCommission,
      grossAmount: earnings.grossAmount,
    });
}

/**
 * The doctor's share of a paid appointment: the platform's commission is rounded down so rounding
 * never takes from the doctor. One earning per appointment (earnings_appointment_key), so a
 * replayed confirmation adds nothing. `feePercent` is the platform fee in force when the payment
 * succeeded (the administrators' setting), so a later change never rewrites an earning.
 */
export async function recordPendingEarning(
  db: Db,
  input: { doctorId: string; appointmentId: string; paymentId: string; gross: number; feePercent: number },
) {
  const commission = platformCommission(input.gross, input.feePercent);
  const [row] = await db
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
    .onConflictDoNothing()
    .returning();
  return row;
}

export const releaseEarning = (db: Db, appointmentId: string) =>
  move(db, 'release', eq(earnings.appointmentId, appointmentId));

/** A pending share reversed (reverseEarningForRefund's first move). */
export const reverseEarning = (db: Db, appointmentId: string) =>
  move(db, 'reverse', eq(earnings.appointmentId, appointmentId));

/** All of the doctor's available earnings join the payout; returns what moved. */
export const claimAvailableEarnings = (db: Db, doctorId: string, payoutId: string) =>
  move(db, 'claim', eq(earnings.doctorId, doctorId), { payoutId });

export const settlePayoutEarnings = (db: Db, payoutId: string) => move(db, 'settle', eq(earnings.payoutId, payoutId));

/** A failed transfer gives its earnings back to the doctor's available balance, free of the payout. */
export const returnPayoutEarnings = (db: Db, payoutId: string) =>
  move(db, 'return', eq(earnings.payoutId, payoutId), { payoutId: null });

/**
 * A refund from the console takes back the doctor's share whether or not the consultation has
 * happened yet; money already in a payout or paid is never touched (the caller refuses those).
 */
export async function reverseEarningForRefund(db: Db, appointmentId: string) {
  const pending = await reverseEarning(db, appointmentId);
  if (pending.length) return pending;
  return move(db, 'reverseAvailable', eq(earnings.appointmentId, appointmentId));
}
