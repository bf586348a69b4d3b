import { BOOKING_HORIZON_DAYS } from '@common/constants/platform';
import { addDays, SLOT_TIMES, slotInstant, withinHours } from '@common/rules/slots';
import { wallClock } from '@common/rules/zoned-time';

/** What a doctor's candidate slots depend on; unset hours are '' (no limit), as in doctors_schedule_idx. */
export type Schedule = { zone: string; from: string; to: string };

/**
 * The first slot of each schedule, nested zone → from → to, as an ISO instant or null when the
 * schedule has none in the next two local days. A schedule whose zone this runtime cannot use is
 * left out (it offers no slot).
 */
export type ScheduleFirsts = Record<string, Record<string, Record<string, string | null>>>;

/** Days of the doctor's calendar a window of up to NEXT_AVAILABLE_DAYS (+ a day of zone offset) spans. */
export const LAST_DAY = 9;

/**
 * The first `most` slot instants (epoch ms) of a schedule after `now` and before `until` on its
 * local dates today … today + `lastDay`, by the slot rules of common/rules/slots.ts.
 */
export function scheduleSlots(
  { zone, from, to }: Schedule,
  now: Date,
  until: number,
  lastDay: number,
  most = Infinity,
): number[] {
  const horizon = now.getTime() + BOOKING_HORIZON_DAYS * 86_400_000;
  const today = wallClock(now, zone).date;
  const found: number[] = [];
  for (let day = 0; day <= lastDay; day++) {
    const date = addDays(today, day);
    for (const time of SLOT_TIMES) {
      if (!withinHours(time, from, to)) continue;
      const at = slotInstant(date, time, zone)?.getTime();
      if (at !== undefined && at > now.getTime() && at < until && at <= horizon) found.push(at);
      if (found.length >= most) return found;
    }
  }
  return found;
}

/**
 * First slots of every schedule at `now`. Slots start on whole minutes, so the answer for the start
 * of a minute holds for all of it; it is kept per list of schedules and minute.
 */
const kept = new WeakMap<Schedule[], { minute: number; firsts: ScheduleFirsts }>();

export function scheduleFirsts(schedules: Schedule[], now: Date): ScheduleFirsts {
  const minute = Math.floor(now.getTime() / 60_000);
  const hit = kept.get(schedules);
  if (hit?.minute === minute) return hit.firsts;
  const at = new Date(minute * 60_000);
  const firsts: ScheduleFirsts = {};
  for (const schedule of schedules) {
    let first: number | undefined;
    try {
      // Within two local days when the hours allow any slot.
      [first] = scheduleSlots(schedule, at, Infinity, 2, 1);
    } catch {
      continue;
    }
    ((firsts[schedule.zone] ??= {})[schedule.from] ??= {})[schedule.to] =
      first === undefined ? null : new Date(first).toISOString();
  }
  kept.set(schedules, { minute, firsts });
  return firsts;
}
