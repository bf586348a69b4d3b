import { NEXT_AVAILABLE_DAYS } from '@common/constants/doctor-search';
import type { Db } from '../../db/client';
import type { DirectoryIndex, IndexedAvailability, Ordered } from './directory-index';
import { LAST_DAY, scheduleFirsts, scheduleSlots } from './schedule-firsts';
import { heldSlots, type AvailabilityWindow } from './search-query';

/**
 * Every visitor's window ends before the start of their local day NEXT_AVAILABLE_DAYS ahead, so
 * less than one more day after that from now: the widest window any search can ask about.
 */
const WIDEST_WINDOW_MS = (NEXT_AVAILABLE_DAYS + 1) * 86_400_000;
/** Soonest orders kept per window end; visitors in a few zones at a time share them. */
const KEPT_ORDERS = 8;

/**
 * Each listed doctor's next free slot in the widest window, at one instant (decision 030), by
 * slot of the index. A visitor's window ends earlier; a slot at or after its end counts as none,
 * which gives the same answer as asking about that window (the first free slot comes no later for
 * a shorter one). Patched with the index (decision 042): a changed doctor leaves the kept soonest
 * orders with its old slot and comes back with its new one.
 */
export class NextSlots {
  private readonly soonest = new Map<number, Ordered>();
  /** Each schedule's first slot at `judgedAt` (by schedule code), worked out once. */
  private readonly firstOf: (number | undefined)[] = [];
  /** Epoch milliseconds by slot, Infinity when none. */
  at: Float64Array;

  constructor(
    /** The index these slots are kept for (a rebuild makes a new one). */
    readonly index: DirectoryIndex,
    /** The instant the bookings were judged at (an unpaid hold lapses at its own second). */
    readonly judgedAt: Date,
    /** The starts of the bookings holding a slot in the widest window, by doctor id. */
    private readonly held: Map<string, Set<number>>,
  ) {
    this.at = new Float64Array(index.slotCount).fill(Infinity);
    for (let slot = 0; slot < index.slotCount; slot++)
      if (index.idAt(slot) !== undefined) this.at[slot] = this.slotAt(slot);
  }

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

  /** A listed doctor's next free slot before `until`, or null. */
  nextFor(id: string, until: Date): Date | null {
    const slot = this.index.positionOf(id);
    const at = slot < 0 ? Infinity : this.at[slot];
    return at < until.getTime() ? new Date(at) : null;
  }

  /** Before the index gives `slots` up: out of every kept order, while their keys still hold. */
  leave(slots: number[]): void {
    for (const ordered of this.soonest.values()) for (const slot of slots) this.index.unlist(ordered, slot);
  }

  /** After the index filled `slots`: their next free slot, and into every kept order. */
  arrive(slots: number[]): void {
    if (this.at.length < this.index.slotCount) {
      const grown = new Float64Array(this.index.slotCount * 2).fill(Infinity);
      grown.set(this.at);
      this.at = grown;
    }
    for (const slot of slots) this.at[slot] = this.slotAt(slot);
    for (const ordered of this.soonest.values()) for (const slot of slots) this.index.list(ordered, slot);
  }

  private slotAt(slot: number): number {
    const now = this.judgedAt;
    const until = now.getTime() + WIDEST_WINDOW_MS;
    const code = this.index.scheduleAt(slot);
    const schedule = this.index.schedules[code];
    const held = this.held.get(this.index.idAt(slot)!);
    if (!held) {
      let at = this.firstOf[code];
      if (at === undefined) {
        const firsts = scheduleFirsts(this.index.schedules, now);
        const first = Object.hasOwn(firsts, schedule.zone)
          ? firsts[schedule.zone][schedule.from]?.[schedule.to]
          : undefined;
        // A zone this runtime cannot use offers no slot (zones are checked when a profile is saved).
        this.firstOf[code] = at = first === undefined || first === null ? Infinity : Date.parse(first);
      }
      return at < until ? at : Infinity;
    }
    const slotsOf = keptSlots(this.index, now);
    let slots = slotsOf.get(code);
    if (!slots) {
      try {
        slots = scheduleSlots(schedule, now, Infinity, LAST_DAY).sort((x, y) => x - y);
      } catch {
        slots = [];
      }
      slotsOf.set(code, slots);
    }
    const at = slots.find((start) => !held.has(start)) ?? Infinity;
    return at < until ? at : Infinity;
  }

  private soonestUntil(until: number): Ordered {
    let ordered = this.soonest.get(until);
    if (!ordered) {
      const id = this.index.idCompare;
      const key = (slot: number) => (this.at[slot] < until ? this.at[slot] : Infinity);
      // Infinity - Infinity is NaN, which `||` passes over to the id.
      ordered = this.index.ordered((a, b) => key(a) - key(b) || id(a, b));
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
 * schedule's first slot (schedule-firsts.ts); for the others the app walks their schedule's slots
 * past the held ones (one read of the bookings that hold a slot, so the cost follows the bookings,
 * not the doctors).
 */
export async function readNextSlots(db: Db, index: DirectoryIndex, now: Date): Promise<NextSlots> {
  const widest = { now, until: new Date(now.getTime() + WIDEST_WINDOW_MS) };
  const held = new Map<string, Set<number>>();
  for (const { doctorId, startsAt } of await heldSlots(db, widest)) {
    const starts = held.get(doctorId) ?? new Set<number>();
    held.set(doctorId, starts.add(startsAt.getTime()));
  }
  return new NextSlots(index, now, held);
}
