import { NEXT_AVAILABLE_DAYS } from '@common/constants/doctor-search';
import { firstAvailable, type Booking, type SlotContext } from '@common/rules/schedule-slots';
import type { Db } from '../../db/client';
import type { DirectoryIndex, IndexedAvailability, Ordered } from './directory-index';
import { allHeldBookings, changedHeldBookings, type HeldBookings } from './held-bookings';
import type { AvailabilityWindow } from './search-query';

/**
 * Every visitor's window ends before the start of their local day NEXT_AVAILABLE_DAYS ahead, so
 * less than one more day after that from now: the widest window any search can ask about.
 */
const WIDEST_WINDOW_MS = (NEXT_AVAILABLE_DAYS + 1) * 86_400_000;
const DAY_MS = 86_400_000;
/** Local dates the generator looks through: every one the widest window touches, in any zone. */
const WINDOW_DAYS = Math.ceil(WIDEST_WINDOW_MS / DAY_MS) + 1;
/** How long slots judged earlier may be carried forward (less than the span looked beyond the window). */
const REUSE_FOR_MS = 6 * 3_600_000;
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
  /** Which set this is, and how often a patch has moved a slot in it: what a kept reply depends on. */
  private readonly id = ++sets;
  private moves = 0;
  /** Epoch milliseconds by slot, Infinity when none. */
  at: Float64Array;
  /** The instant the oldest slot carried forward into `at` was judged at. */
  private readonly basis: number;

  constructor(
    /** The index these slots are kept for (a rebuild makes a new one). */
    readonly index: DirectoryIndex,
    /** The instant the bookings were judged at (an unpaid hold lapses at its own second). */
    readonly judgedAt: Date,
    /**
     * The bookings holding a slot in the widest window (and a day either side), by doctor id, and
     * the booking feed's version they include (patched by `rebook`).
     */
    private readonly held: HeldBookings,
    /**
     * The slots judged earlier (another clock minute, or before a booking changed). A doctor whose
     * bookings are the same keeps its slot while that slot is still bookable (see `stillFirst`):
     * a booking or a new minute costs the doctors it touches, not all of them.
     */
    previous?: NextSlots | null,
  ) {
    this.at = new Float64Array(index.slotCount).fill(Infinity);
    const now = judgedAt.getTime();
    const reuse =
      previous &&
      previous.index === index &&
      previous.at.length >= index.slotCount &&
      previous.judgedAt.getTime() <= now &&
      now - previous.basis < REUSE_FOR_MS
        ? previous
        : null;
    this.basis = reuse ? reuse.basis : now;
    for (let slot = 0; slot < index.slotCount; slot++) {
      const id = index.idAt(slot);
      if (id === undefined) continue;
      const kept = reuse && sameBookings(reuse.held.byDoctor.get(id), held.byDoctor.get(id)) ? reuse.at[slot] : NaN;
      this.at[slot] = !Number.isNaN(kept) && this.stillFirst(slot, kept) ? kept : this.slotAt(slot);
    }
  }

  /**
   * Whether a first free slot found at an earlier instant, with the same bookings, time off and
   * week, is still the first now. Time only takes slots away at the near end (past, notice), so a
   * found slot that is still far enough ahead stays first. "None in the window" stays none while
   * the window end moves less than the span looked through beyond it, unless the horizon (which
   * moves with the clock) ends inside the window and could let a new slot in.
   */
  private stillFirst(slot: number, at: number): boolean {
    const now = this.judgedAt.getTime();
    const { schedule } = this.index.schedules[this.index.scheduleAt(slot)];
    if (Number.isFinite(at)) return at > now && at >= now + schedule.minNoticeMinutes * 60_000;
    return schedule.horizonDays * DAY_MS >= WIDEST_WINDOW_MS + REUSE_FOR_MS;
  }

  /**
   * After bookings moved: the bookings of the doctors logged since the version these slots
   * include, judged at the same instant, and those doctors' next free slots and places in the kept
   * soonest orders. The rest is untouched, so a booking costs its doctor, not the directory.
   */
  async rebook(db: Db): Promise<void> {
    const now = this.judgedAt.getTime();
    const changed = await changedHeldBookings(db, this.held.upto, this.judgedAt, ...heldSpan(now));
    // Another call read at least as far meanwhile.
    if (changed.upto <= this.held.upto) return;
    this.held.upto = changed.upto;
    for (const [id, bookings] of changed.byDoctor) {
      if (bookings.length) this.held.byDoctor.set(id, bookings);
      else this.held.byDoctor.delete(id);
      const slot = this.index.positionOf(id);
      if (slot < 0) continue;
      const at = this.slotAt(slot);
      // Most bookings leave their doctor's first free slot where it was.
      if (at === this.at[slot]) continue;
      this.moves++;
      // Out of each order under the old key, back in under the new one.
      for (const ordered of this.soonest.values()) this.index.unlist(ordered, slot);
      this.at[slot] = at;
      for (const ordered of this.soonest.values()) this.index.list(ordered, slot);
    }
  }

  /**
   * Changes whenever a slot a search reads may have changed: another set, or a patch that moved
   * one. (The index's own patches move the engine's feed position, which replies also key on.)
   */
  get version(): string {
    return `${this.id}.${this.moves}`;
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

  /**
   * By the one slot generator (common/rules/schedule-slots.ts), as the doctor's own page: once per
   * set of slot rules for doctors with no booking and no time off in the window, else per doctor.
   */
  private slotAt(slot: number): number {
    const now = this.judgedAt;
    const until = now.getTime() + WIDEST_WINDOW_MS;
    const code = this.index.scheduleAt(slot);
    const { zone, schedule } = this.index.schedules[code];
    const bookings = this.held.byDoctor.get(this.index.idAt(slot)!) ?? [];
    const own = this.index.timeOffAt(slot);
    // A day either side, as for the bookings: a visit's buffer and the daily cap reach that far.
    const timeOff = own.length
      ? own.filter((off) => off.endsAt > now.getTime() - DAY_MS && off.startsAt < until + DAY_MS)
      : own;
    const ctx = (): SlotContext => ({ schedule, timeZone: zone, bookings, timeOff, now });
    if (bookings.length || timeOff.length) return firstFrom(ctx());
    const firsts = keptFirsts(this.index, now);
    let at = firsts.get(code);
    if (at === undefined) firsts.set(code, (at = firstFrom(ctx())));
    return at;
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

/** The start (ms) of the first free video slot from now, looking past the widest window, or Infinity. */
function firstFrom(ctx: SlotContext): number {
  let found;
  try {
    found = firstAvailable(ctx, 'video', ctx.now, WINDOW_DAYS);
  } catch {
    // A zone this runtime cannot use offers no slot (zones are checked when a profile is saved).
    return Infinity;
  }
  // Kept even past `until`: every reader compares with its own window end, and a later minute's
  // window may reach it.
  return found ? Date.parse(found.startsAt) : Infinity;
}

/**
 * Each set of slot rules' first slot, kept per index and clock minute. Slots start on whole
 * minutes, so every instant strictly inside a minute gets the same answer (its start, when a slot
 * may begin at that very instant, is kept apart); a booking changes no one in this list.
 */
const minuteKey = (ms: number) => (ms % 60_000 === 0 ? ms : Math.floor(ms / 60_000) * 60_000 + 1);

function sameBookings(a: Booking[] = [], b: Booking[] = []): boolean {
  return a.length === b.length && a.every((x, i) => x.startsAt === b[i].startsAt && x.minutes === b[i].minutes);
}

const kept = new WeakMap<DirectoryIndex, { key: number; firsts: Map<number, number> }>();

function keptFirsts(index: DirectoryIndex, now: Date): Map<number, number> {
  const key = minuteKey(now.getTime());
  let entry = kept.get(index);
  if (entry?.key !== key) kept.set(index, (entry = { key, firsts: new Map() }));
  return entry.firsts;
}

let sets = 0;

/** Bookings are read from a day before `now` to a day after the widest window. */
const heldSpan = (now: number): [Date, Date] => [new Date(now - DAY_MS), new Date(now + WIDEST_WINDOW_MS + DAY_MS)];

/**
 * The next free slots at `now`: one read of the bookings that hold a slot, the rest in the app,
 * so the cost follows the bookings and the distinct schedules, not the doctors.
 */
export async function readNextSlots(
  db: Db,
  index: DirectoryIndex,
  now: Date,
  previous?: NextSlots | null,
): Promise<NextSlots> {
  const held = await allHeldBookings(db, now, ...heldSpan(now.getTime()));
  return new NextSlots(index, now, held, previous);
}
