import { TIME_SLOTS } from '../constants/lists';
import { fromTwelveHour, toTwelveHour, wallClock, zonedInstant } from './zoned-time';

/** 18 half-hour slots, 09:00 AM to 05:30 PM, as 24 h wall-clock times ("09:00"…"17:30"). */
export const SLOT_TIMES: readonly string[] = TIME_SLOTS.map((label) => fromTwelveHour(label)!);
export const SLOT_MINUTES = 30;

export type DaySlot = {
  /** Wall-clock time in the doctor's zone, 24 h ("14:30"). */
  time: string;
  /** The label in the doctor's zone ("02:30 PM"). */
  label: string;
  /** The UTC instant the slot starts. */
  startsAt: string;
  available: boolean;
};

const minutesOf = (time: string) => {
  const [h, m] = time.split(':').map(Number);
  return h * 60 + m;
};

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date in YYYY-MM-DD form (rejects 2026-02-30). */
export function isCalendarDate(date: string): boolean {
  const match = DATE_PATTERN.exec(date);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(y, m - 1, d));
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === m - 1 && probe.getUTCDate() === d;
}

/**
 * Whether a slot lies inside the doctor's hours: it must start at or after `availableFrom` and
 * end by `availableTo`. Hours that are unset (or unparseable) do not restrict.
 */
export function withinHours(time: string, availableFrom?: string | null, availableTo?: string | null): boolean {
  const start = minutesOf(time);
  const from = availableFrom && /^\d{2}:\d{2}/.test(availableFrom) ? minutesOf(availableFrom) : null;
  const to = availableTo && /^\d{2}:\d{2}/.test(availableTo) ? minutesOf(availableTo) : null;
  if (from !== null && start < from) return false;
  if (to !== null && start + SLOT_MINUTES > to) return false;
  return true;
}

/**
 * The instant of a slot, or null when that wall-clock time does not exist in the zone that day
 * (a spring-forward gap) — such a slot is never offered rather than silently moved.
 */
export function slotInstant(date: string, time: string, timeZone: string): Date | null {
  const instant = zonedInstant(date, time, timeZone);
  const back = wallClock(instant, timeZone);
  return back.date === date && back.time === time ? instant : null;
}

export type DoctorHours = { timeZone: string; availableFrom?: string | null; availableTo?: string | null };

/**
 * The doctor's slots for one local date in the doctor's zone. `taken` holds the start instants
 * (ms) of live bookings; slots at or before `now` are not available.
 */
export function daySlots(date: string, doctor: DoctorHours, taken: ReadonlySet<number>, now: Date): DaySlot[] {
  const slots: DaySlot[] = [];
  for (const time of SLOT_TIMES) {
    if (!withinHours(time, doctor.availableFrom, doctor.availableTo)) continue;
    const instant = slotInstant(date, time, doctor.timeZone);
    if (!instant) continue;
    slots.push({
      time,
      label: toTwelveHour(time),
      startsAt: instant.toISOString(),
      available: instant.getTime() > now.getTime() && !taken.has(instant.getTime()),
    });
  }
  return slots;
}

/** "YYYY-MM-DD" plus whole days, on the calendar (no time zone involved). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
