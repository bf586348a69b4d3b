import { NEXT_AVAILABLE_DAYS } from '@common/constants/doctor-search';
import type { Db } from '../../db/client';
import type { DirectoryIndex, IndexedAvailability, Ordered } from './directory-index';
import { LAST_DAY } from './next-available';
import { scheduleSlots, type ScheduleFirsts } from './schedule-firsts';
import { doctorCards, heldSlots, type AvailabilityWindow } from './search-query';

/**
 * Every visitor's window ends before the start of their local day NEXT_AVAILABLE_DAYS ahead, so
 * less than one more day after that from now: the widest window any search can ask about.
 */
const WIDEST_WINDOW_MS = (NEXT_AVAILABLE_DAYS + 1) * 86_400_000;
/** Soonest orders kept per window end; visitors in a few zones at a time share them. */
const KEPT_ORDERS = 8;

/**
 * Each public doctor's next free slot in the widest window, at one instant (decision 030). A
 * visitor's window ends earlier; a slot at or after its end counts as none, which gives the same
 * answer as asking about that window (the first free slot comes no later for a shorter one).
 */
export class NextSlots {
  private readonly soonest = new Map<number, Ordered>();

  constructor(
    private readonly index: DirectoryIndex,
    /** Epoch milliseconds, Infinity when none. */
    readonly at: Float64Array,
    /** The instant the bookings were judged at (an unpaid hold lapses at its own second). */
    readonly judgedAt: Date,
  ) {}

  /** What a search in `window` judges; the soonest order only when the search sorts by it. */
  judge(window: AvailabilityWindow, sortsBySoonest: boolean): IndexedAvailability {
    const until = window.until.getTime();
    return {
      at: this.at,
      until,
      cutoff: window.cutoff?.getTime(),
      soonest: sortsBySoonest ? this.soonestUntil(until) : undefined,
    };
  }

  private soonestUntil(until: number): Ordered {
    let ordered = this.soonest.get(until);
    if (!ordered) {
      const key = Float64Array.from(this.at, (at) => (at < until ? at : Infinity));
      // Infinity - Infinity is NaN, which `||` passes over to the id.
      ordered = this.index.ordered((a, b) => key[a] - key[b] || a - b);
      if (this.soonest.size >= KEPT_ORDERS) this.soonest.delete(this.soonest.keys().next().value!);
      this.soonest.set(until, ordered);
    }
    return ordered;
  }
}

/**
 * Each schedule's slots, kept per index and clock minute: slots start on whole minutes, so the
 * list worked out in a minute holds for all of it, and a booking (which changes which slots are
 * held, not the slots) does not make it be worked out again.
 */
const kept = new WeakMap<DirectoryIndex, { minute: number; slots: Map<number, number[]> }>();

function keptSlots(index: DirectoryIndex, now: Date): Map<number, number[]> {
  const minute = Math.floor(now.getTime() / 60_000);
  let entry = kept.get(index);
  if (entry?.minute !== minute) kept.set(index, (entry = { minute, slots: new Map() }));
  return entry.slots;
}

/**
 * The next free slots at `now`. A doctor no booking holds a slot of in the window takes their
 * schedule's first slot from `firsts`; for the others the app walks their schedule's slots past
 * the held ones (one read of the bookings that hold a slot, so the cost follows the bookings, not
 * the doctors). Schedules missing from `firsts` (a zone this runtime cannot use) are worked out by
 * the statement. Same definition as the search: directory-index.test.ts compares them.
 */
export async function readNextSlots(
  db: Db,
  index: DirectoryIndex,
  now: Date,
  firsts: ScheduleFirsts,
): Promise<NextSlots> {
  const widest = { now, until: new Date(now.getTime() + WIDEST_WINDOW_MS) };
  const firstOf = index.schedules.map(({ zone, from, to }) => {
    const first = Object.hasOwn(firsts, zone) ? firsts[zone][from]?.[to] : undefined;
    return first === undefined ? NaN : first === null ? Infinity : Date.parse(first);
  });
  const at = new Float64Array(index.size);
  const unsettled: string[] = [];
  for (let i = 0; i < index.size; i++) {
    const first = firstOf[index.scheduleAt(i)];
    if (Number.isNaN(first)) unsettled.push(index.idAt(i));
    at[i] = first < widest.until.getTime() ? first : Infinity;
  }
  const taken = new Map<number, Set<number>>();
  for (const { doctorId, startsAt } of await heldSlots(db, widest)) {
    const i = index.positionOf(doctorId);
    if (i < 0 || Number.isNaN(firstOf[index.scheduleAt(i)])) continue;
    const held = taken.get(i) ?? new Set<number>();
    taken.set(i, held.add(startsAt.getTime()));
  }
  const slotsOf = keptSlots(index, now);
  const until = widest.until.getTime();
  for (const [i, held] of taken) {
    const code = index.scheduleAt(i);
    let slots = slotsOf.get(code);
    if (!slots)
      slotsOf.set(code, (slots = scheduleSlots(index.schedules[code], now, Infinity, LAST_DAY).sort((x, y) => x - y)));
    at[i] = slots.find((slot) => !held.has(slot)) ?? Infinity;
    if (at[i] >= until) at[i] = Infinity;
  }
  for (const { doctor, nextAvailableAt } of await doctorCards(db, unsettled, widest, firsts)) {
    const i = index.positionOf(doctor.id);
    if (i >= 0) at[i] = nextAvailableAt === null ? Infinity : new Date(nextAvailableAt).getTime();
  }
  return new NextSlots(index, at, now);
}
