import { and, eq, inArray, lte, type SQL } from 'drizzle-orm';
import { OUTCOME_HOLD_HOURS, type MarkedOutcome, type OutcomeHoldStatus } from '@common/constants/visit-outcomes';
import type { Db } from '../../db/client';
import { outcomeHolds } from '../../db/schema';
import { fromStates, type MoveTable } from '../platform/state-machine';

type HoldRow = typeof outcomeHolds.$inferSelect;

/**
 * A doctor-marked outcome's whole life, in one place: nothing else writes `outcome_holds.status`.
 *
 *   (new)              → held      openHold       the doctor marked an in-person visit done, or a no-show
 *   held               → disputed  dispute        the patient disputed it within OUTCOME_HOLD_HOURS
 *   held               → released  releaseDue     the window passed with no dispute (the scheduled job)
 *   disputed           → released  resolveRelease an administrator released the share to the doctor
 *   held / disputed    → refunded  refund         an administrator refunded the patient (through the one refund)
 *
 * Each move is one conditional UPDATE in the caller's transaction, so racing requests (a dispute
 * and the release job at the window's end) apply at most one of them; the database refuses any
 * other move (state_transitions, decision 071).
 */
export const OUTCOME_HOLD_MOVES = {
  dispute: { from: ['held'], to: 'disputed' },
  releaseDue: { from: ['held'], to: 'released' },
  resolveRelease: { from: ['disputed'], to: 'released' },
  refund: { from: ['held', 'disputed'], to: 'refunded' },
} as const satisfies MoveTable<OutcomeHoldStatus>;

export function moveHold(
  tx: Db,
  name: keyof typeof OUTCOME_HOLD_MOVES,
  which: SQL,
  set: Partial<Omit<HoldRow, 'status'>> = {},
): Promise<HoldRow[]> {
  const { from, to } = OUTCOME_HOLD_MOVES[name];
  return tx
    .update(outcomeHolds)
    .set({ ...set, status: to })
    .where(and(which, inArray(outcomeHolds.status, [...fromStates<OutcomeHoldStatus>({ from })])))
    .returning();
}

/** The share of a doctor-marked visit waits OUTCOME_HOLD_HOURS; undefined when one is held already. */
export async function openHold(tx: Db, appointmentId: string, outcome: MarkedOutcome, now: Date) {
  const [row] = await tx
    .insert(outcomeHolds)
    .values({
      appointmentId,
      outcome,
      status: 'held',
      markedAt: now,
      releaseAt: new Date(now.getTime() + OUTCOME_HOLD_HOURS * 3_600_000),
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** Held outcomes whose window has passed, at `now`. */
export const dueHolds = (now: Date) => and(eq(outcomeHolds.status, 'held'), lte(outcomeHolds.releaseAt, now))!;
