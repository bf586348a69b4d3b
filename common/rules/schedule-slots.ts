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

/** Bookings starting on a local date, for the daily cap (read only when a cap is set). */
function bookingsOn(date: string, ctx: SlotContext, dayStart: number, dayEnd: number): number {
  let count = 0;
  for (const b of ctx.bookings) {
    if (b.startsAt >= dayStart && b.startsAt < dayEnd && wallClock(new Date(b.startsAt), ctx.timeZone).date === date)
      count++;
  }
  return count;
}

/** Every slot of one local date in the doctor's zone, in time order. */
export function daySchedule(ctx: SlotContext, date: string, type: ConsultationType): Slot[] {
  const { schedule, timeZone, now } = ctx;
  const ranges = schedule.weekly[weekdayOf(date)];
  if (ranges.length === 0) return [];
  const minutes = visitMinutesFor(schedule, type);
  const length = minutes * MINUTE;
  const buffer = schedule.bufferMinutes * MINUTE;
  const earliest = now.getTime() + schedule.minNoticeMinutes * MINUTE;
  const latest = now.getTime() + schedule.horizonDays * DAY_MS;
  const dayStart = zonedInstant(date, '00:00', timeZone).getTime();
  const dayEnd = zonedInstant(shiftDate(date, 1), '00:00', timeZone).getTime();
  const full =
    schedule.dailyCap !== null && bookingsOn(date, ctx, dayStart - DAY_MS, dayEnd + DAY_MS) >= schedule.dailyCap;
  const slots: Slot[] = [];
  for (const range of ranges) {
    const end = clockMinutes(range.end) >= 1440 ? dayEnd : zonedInstant(date, range.end, timeZone).getTime();
    for (
      let start = zonedInstant(date, range.start, timeZone).getTime();
      start + length <= end;
      start += length + buffer
    ) {
      if (ctx.timeOff.some((off) => overlaps(start, start + length, off.startsAt, off.endsAt))) continue;
      const local = wallClock(new Date(start), timeZone);
      // A range start inside a spring-forward gap lands on the next day's wall clock only in broken data.
      if (local.date !== date) continue;
      const taken = ctx.bookings.some((b) =>
        overlaps(start, start + length + buffer, b.startsAt, b.startsAt + b.minutes * MINUTE + buffer),
      );
      const blockedBy: SlotBlock | null =
        start <= now.getTime()
          ? 'past'
          : start < earliest
            ? 'notice'
            : start > latest
              ? 'horizon'
              : taken
                ? 'booked'
                : full
                  ? 'cap'
                  : null;
      slots.push({
        date,
        time: local.time,
        label: toTwelveHour(local.time),
        startsAt: new Date(start).toISOString(),
        endsAt: new Date(start + length).toISOString(),
        minutes,
        available: blockedBy === null,
        blockedBy,
      });
    }
  }
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
  for (let i = 0; i <= span; i++) {
    for (const slot of daySchedule(ctx, shiftDate(first, i), type)) {
      if (slot.available && Date.parse(slot.startsAt) >= from.getTime()) return slot;
    }
  }
  return null;
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

/** "2 hours'", "1 hour's", "45 minutes'", "3 days'": a length of notice, possessive. */
export function noticePhrase(minutes: number): string {
  const [n, unit] =
    minutes % 1440 === 0 && minutes > 0
      ? [minutes / 1440, 'day']
      : minutes % 60 === 0 && minutes > 0
        ? [minutes / 60, 'hour']
        : [minutes, 'minute'];
  return n === 1 ? `1 ${unit}'s` : `${n} ${unit}s'`;
}

/** The reason a booking at a refused time gets, naming the doctor ("Dr. Okafor needs 2 hours' notice."). */
export function refusalMessage(reason: SlotRefusal, doctorName: string, schedule: Schedule): string {
  switch (reason) {
    case 'notice':
      return `${doctorName} needs ${noticePhrase(schedule.minNoticeMinutes)} notice.`;
    case 'past':
      return 'That time has already passed. Pick a later time.';
    case 'horizon':
      return `${doctorName} takes bookings up to ${schedule.horizonDays} days ahead.`;
    case 'booked':
      return `${doctorName} is already booked at that time. Pick another time.`;
    case 'cap':
      return `${doctorName} is fully booked that day.`;
    case 'time_off':
      return `${doctorName} is away at that time.`;
    case 'hours':
      return `${doctorName} does not see patients at that time.`;
  }
}
