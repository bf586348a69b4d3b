/**
 * THE slot generator: a doctor's schedule, live bookings, time off and the clock → the times a
 * patient may book. Every screen, search card and booking check reads slots from here, so a time
 * offered is a time accepted. Wall-clock ranges are turned into instants per local date, and slots
 * step through real time, so a day that springs forward has fewer slots and one that falls back more.
 */
import type { ConsultationType } from '../constants/consultation-types';
import type { Schedule } from '../schemas/schedule';
import { clockMinutes, shiftDate, visitMinutesFor, weekdayOf } from './schedule-rules';
import { toTwelveHour, wallClock, zonedInstant } from './zoned-time';

const MINUTE = 60_000;
const DAY_MS = 86_400_000;

/** A live booking of the doctor: its start (ms) and its length in minutes (without the buffer). */
export type Booking = { startsAt: number; minutes: number };
/** Time off, [startsAt, endsAt) in ms. */
export type Absence = { startsAt: number; endsAt: number };

export type SlotContext = {
  schedule: Schedule;
  timeZone: string;
  bookings: readonly Booking[];
  timeOff: readonly Absence[];
  now: Date;
};

/** Why a slot cannot be booked (time off and times outside the hours are never listed at all). */
export type SlotBlock = 'past' | 'notice' | 'horizon' | 'booked' | 'cap';
/** Why a requested start is refused. */
export type SlotRefusal = SlotBlock | 'hours' | 'time_off';

export type Slot = {
  /** The doctor's local date and 24 h time ("2026-03-08", "14:30"), and its 12 h label. */
  date: string;
  time: string;
  label: string;
  startsAt: string;
  endsAt: string;
  minutes: number;
  available: boolean;
  blockedBy: SlotBlock | null;
};

const overlaps = (aStart: number, aEnd: number, bStart: number, bEnd: number) => aStart < bEnd && bStart < aEnd;

/** Whether [start, end) touches any time off. */
function awayDuring(timeOff: readonly Absence[], start: number, end: number): boolean {
  for (let i = 0; i < timeOff.length; i++)
    if (overlaps(start, end, timeOff[i].startsAt, timeOff[i].endsAt)) return true;
  return false;
}

/** Whether a visit from `start` for `length` ms plus the buffer touches a booking plus its buffer. */
function bookedDuring(bookings: readonly Booking[], start: number, length: number, buffer: number): boolean {
  for (let i = 0; i < bookings.length; i++) {
    const b = bookings[i];
    if (overlaps(start, start + length + buffer, b.startsAt, b.startsAt + b.minutes * MINUTE + buffer)) return true;
  }
  return false;
}

/** Bookings starting on a local date, for the daily cap (read only when a cap is set). */
function bookingsOn(date: string, ctx: SlotContext, dayStart: number, dayEnd: number): number {
  let count = 0;
  for (const b of ctx.bookings) {
    if (b.startsAt >= dayStart && b.startsAt < dayEnd && wallClock(new Date(b.startsAt), ctx.timeZone).date === date)
      count++;
  }
  return count;
}

// A slot list names the same few dozen times over and over: each 12 h label is worked out once.
const labels = new Map<string, string>();
function labelOf(time: string): string {
  let label = labels.get(time);
  if (label === undefined) labels.set(time, (label = toTwelveHour(time)));
  return label;
}

/**
 * Walks one local date's slots in the doctor's zone, in time order, telling `visit` each start,
 * local time and why it cannot be booked (null when it can); stops when `visit` returns true.
 * Every rule of the generator is here; daySchedule and firstAvailable only shape what it finds.
 */
function walkDay(
  ctx: SlotContext,
  date: string,
  type: ConsultationType,
  visit: (start: number, time: string, blockedBy: SlotBlock | null, minutes: number) => boolean | void,
): void {
  const { schedule, timeZone, now } = ctx;
  const ranges = schedule.weekly[weekdayOf(date)];
  if (ranges.length === 0) return;
  const minutes = visitMinutesFor(schedule, type);
  const length = minutes * MINUTE;
  const buffer = schedule.bufferMinutes * MINUTE;
  const nowMs = now.getTime();
  const earliest = nowMs + schedule.minNoticeMinutes * MINUTE;
  const latest = nowMs + schedule.horizonDays * DAY_MS;
  const dayStart = zonedInstant(date, '00:00', timeZone).getTime();
  const dayEnd = zonedInstant(shiftDate(date, 1), '00:00', timeZone).getTime();
  const full =
    schedule.dailyCap !== null && bookingsOn(date, ctx, dayStart - DAY_MS, dayEnd + DAY_MS) >= schedule.dailyCap;
  for (const range of ranges) {
    const end = clockMinutes(range.end) >= 1440 ? dayEnd : zonedInstant(date, range.end, timeZone).getTime();
    for (
      let start = zonedInstant(date, range.start, timeZone).getTime();
      start + length <= end;
      start += length + buffer
    ) {
      if (awayDuring(ctx.timeOff, start, start + length)) continue;
      const local = wallClock(new Date(start), timeZone);
      // A range start inside a spring-forward gap lands on the next day's wall clock only in broken data.
      if (local.date !== date) continue;
      const blockedBy: SlotBlock | null =
        start <= nowMs
          ? 'past'
          : start < earliest
            ? 'notice'
            : start > latest
              ? 'horizon'
              : bookedDuring(ctx.bookings, start, length, buffer)
                ? 'booked'
                : full
                  ? 'cap'
                  : null;
      if (visit(start, local.time, blockedBy, minutes) === true) return;
    }
  }
}

const slotOf = (date: string, start: number, time: string, blockedBy: SlotBlock | null, minutes: number): Slot => ({
  date,
  time,
  label: labelOf(time),
  startsAt: new Date(start).toISOString(),
  endsAt: new Date(start + minutes * MINUTE).toISOString(),
  minutes,
  available: blockedBy === null,
  blockedBy,
});

/** Every slot of one local date in the doctor's zone, in time order. */
export function daySchedule(ctx: SlotContext, date: string, type: ConsultationType): Slot[] {
  const slots: Slot[] = [];
  walkDay(ctx, date, type, (start, time, blockedBy, minutes) => {
    slots.push(slotOf(date, start, time, blockedBy, minutes));
  });
  return slots;
}

/** The slots of `days` local dates from `fromDate`, date by date. */
export function slotsBetween(ctx: SlotContext, fromDate: string, days: number, type: ConsultationType): Slot[] {
  const slots: Slot[] = [];
  for (let i = 0; i < days; i++) slots.push(...daySchedule(ctx, shiftDate(fromDate, i), type));
  return slots;
}

/**
 * The first bookable slot at or after `from`, looking at most `days` local dates ahead (never past
 * the doctor's horizon), or null.
 */
export function firstAvailable(ctx: SlotContext, type: ConsultationType, from: Date, days: number): Slot | null {
  const first = wallClock(from, ctx.timeZone).date;
  const span = Math.min(days, ctx.schedule.horizonDays + 1);
  const fromMs = from.getTime();
  const found: { slot?: Slot } = {};
  for (let i = 0; i <= span && !found.slot; i++) {
    const date = shiftDate(first, i);
    walkDay(ctx, date, type, (start, time, blockedBy, minutes) => {
      if (blockedBy !== null || start < fromMs) return false;
      found.slot = slotOf(date, start, time, blockedBy, minutes);
      return true;
    });
  }
  return found.slot ?? null;
}

/**
 * Whether a patient may book `startsAt`: the slot it names, or why not. Bookings the request is
 * moving (a reschedule) must be left out of `ctx.bookings` by the caller.
 */
export function checkStart(
  ctx: SlotContext,
  startsAt: Date,
  type: ConsultationType,
): { ok: true; slot: Slot } | { ok: false; reason: SlotRefusal } {
  const { date } = wallClock(startsAt, ctx.timeZone);
  const slot = daySchedule(ctx, date, type).find((s) => Date.parse(s.startsAt) === startsAt.getTime());
  if (slot) return slot.blockedBy ? { ok: false, reason: slot.blockedBy } : { ok: true, slot };
  const start = startsAt.getTime();
  const end = start + visitMinutesFor(ctx.schedule, type) * MINUTE;
  if (ctx.timeOff.some((off) => overlaps(start, end, off.startsAt, off.endsAt)))
    return { ok: false, reason: 'time_off' };
  return { ok: false, reason: 'hours' };
}

/** A length of notice in its largest whole unit: 120 → 2 hours, 2880 → 2 days, 45 → 45 minutes. */
export function noticeLength(minutes: number): { amount: number; unit: 'day' | 'hour' | 'minute' } {
  if (minutes > 0 && minutes % 1440 === 0) return { amount: minutes / 1440, unit: 'day' };
  if (minutes > 0 && minutes % 60 === 0) return { amount: minutes / 60, unit: 'hour' };
  return { amount: minutes, unit: 'minute' };
}

/**
 * What the reason for a refused time names ("Dr. Okafor needs 2 hours' notice."): the server's
 * catalogue words it (`errors.slot.<reason>`) in the reader's language.
 */
export function refusalValues(doctorName: string, schedule: Schedule) {
  return { doctor: doctorName, ...noticeLength(schedule.minNoticeMinutes), days: schedule.horizonDays };
}

/**
 * Whether a booked visit still lies inside the doctor's hours and outside their time off, after
 * the doctor changed them: 'hours' or 'time_off' when not (the doctor's book flags it), else null.
 */
export function outsideSchedule(ctx: SlotContext, startsAt: Date, minutes: number): 'hours' | 'time_off' | null {
  const start = startsAt.getTime();
  const end = start + minutes * MINUTE;
  if (ctx.timeOff.some((off) => overlaps(start, end, off.startsAt, off.endsAt))) return 'time_off';
  const { date } = wallClock(startsAt, ctx.timeZone);
  const dayEnd = zonedInstant(shiftDate(date, 1), '00:00', ctx.timeZone).getTime();
  const inside = ctx.schedule.weekly[weekdayOf(date)].some((range) => {
    const from = zonedInstant(date, range.start, ctx.timeZone).getTime();
    const to = clockMinutes(range.end) >= 1440 ? dayEnd : zonedInstant(date, range.end, ctx.timeZone).getTime();
    return start >= from && end <= to;
  });
  return inside ? null : 'hours';
}
