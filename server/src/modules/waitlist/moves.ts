import { and, inArray, type SQL } from 'drizzle-orm';
import type { WaitlistStatus } from '@common/constants/waitlist';
import type { Db } from '../../db/client';
import { waitlistEntries } from '../../db/schema';
import { fromStates, type MoveTable } from '../platform/state-machine';

type EntryRow = typeof waitlistEntries.$inferSelect;

/**
 * A waitlist entry's whole life, in one place: nothing else writes `waitlist_entries.status`.
 *
 *   (new)            → active     join       the patient asked to be told of an earlier time
 *   active           → offered    offer      a freed slot is held for them (the first in line)
 *   offered          → booked     book       they paid for the held slot
 *   offered          → lapsed     lapse      the offer's time ran out, or its hold was released
 *   active / offered → cancelled  leave      the patient left the line (an offer's hold is released)
 *
 * Each move is one conditional UPDATE in the caller's transaction; the database refuses any other
 * (state_transitions, decision 071).
 */
export const WAITLIST_MOVES = {
  offer: { from: ['active'], to: 'offered' },
  book: { from: ['offered'], to: 'booked' },
  lapse: { from: ['offered'], to: 'lapsed' },
  leave: { from: ['active', 'offered'], to: 'cancelled' },
} as const satisfies MoveTable<WaitlistStatus>;

export function moveEntry(
  tx: Db,
  name: keyof typeof WAITLIST_MOVES,
  which: SQL | undefined,
  set: Partial<Omit<EntryRow, 'status'>>,
  now: Date,
): Promise<EntryRow[]> {
  const { from, to } = WAITLIST_MOVES[name];
  return tx
    .update(waitlistEntries)
    .set({ ...set, status: to, updatedAt: now })
    .where(and(which, inArray(waitlistEntries.status, [...fromStates<WaitlistStatus>({ from })])))
    .returning();
}
