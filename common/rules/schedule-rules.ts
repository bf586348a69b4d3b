import {
  DEFAULT_DAY_END,
  DEFAULT_DAY_START,
  DEFAULT_NOTICE_MINUTES,
  DEFAULT_VISIT_MINUTES,
  HORIZON_MAX_DAYS,
  WEEKDAYS,
  WEEKDAY_NAMES,
  type Weekday,
} from '../constants/schedule';
import type { ConsultationType } from '../constants/consultation-types';
import type { HoursRange, Schedule, WeeklyHours } from '../schemas/schedule';
import { clockMinutes } from './clock-minutes';
import { wallClock, zonedInstant } from './zoned-time';

export { clockMinutes };

const DAY_MS = 86_400_000;

/** "YYYY-MM-DD" plus whole days, on the calendar (no time zone involved). */
export function shiftDate(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The weekday key of a calendar date. */
export function weekdayOf(date: string): Weekday {
  const [y, m, d] = date.split('-').map(Number);
  // getUTCDay: 0 is Sunday; WEEKDAYS starts on Monday.
  return WEEKDAYS[(new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7];
}

export function visitMinutesFor(schedule: Pick<Schedule, 'visitMinutes'>, type: ConsultationType): number {
  return type === 'in-person' ? schedule.visitMinutes.in_person : schedule.visitMinutes[type];
}

/** Mon–Fri one range, weekend free: how the old single `availableFrom`/`availableTo` pair reads. */
export function weekdaysOnly(start: string, end: string): WeeklyHours {
  const range = [{ start, end }];
  return { mon: range, tue: range, wed: range, thu: range, fri: range, sat: [], sun: [] };
}

/**
 * The schedule of a doctor who never saved one: their old hours (or the default day) on weekdays,
 * every other setting at its default. Hours that cannot be read fall back to the default day.
 */
export function defaultSchedule(availableFrom?: string | null, availableTo?: string | null): Schedule {
  const ok = (v?: string | null): v is string => !!v && /^([01]\d|2[0-3]):[0-5]\d$/.test(v);
  const usable = ok(availableFrom) && ok(availableTo) && clockMinutes(availableTo) > clockMinutes(availableFrom);
  return {
    weekly: usable ? weekdaysOnly(availableFrom, availableTo) : weekdaysOnly(DEFAULT_DAY_START, DEFAULT_DAY_END),
    visitMinutes: { video: DEFAULT_VISIT_MINUTES, voice: DEFAULT_VISIT_MINUTES, in_person: DEFAULT_VISIT_MINUTES },
    bufferMinutes: 0,
    minNoticeMinutes: DEFAULT_NOTICE_MINUTES,
    horizonDays: HORIZON_MAX_DAYS,
    dailyCap: null,
  };
}

/**
 * The old single pair, for old clients: the earliest start and latest end of the week, or nulls
 * when the doctor works no day at all.
 */
export function legacyHours(weekly: WeeklyHours): { availableFrom: string | null; availableTo: string | null } {
  const ranges = WEEKDAYS.flatMap((day) => weekly[day]);
  if (ranges.length === 0) return { availableFrom: null, availableTo: null };
  const from = ranges.reduce((a, r) => (clockMinutes(r.start) < clockMinutes(a) ? r.start : a), ranges[0].start);
  const to = ranges.reduce((a, r) => (clockMinutes(r.end) > clockMinutes(a) ? r.end : a), ranges[0].end);
  return { availableFrom: from, availableTo: to === '24:00' ? '23:59' : to };
}

const exists = (date: string, time: string, timeZone: string) => {
  const back = wallClock(zonedInstant(date, time, timeZone), timeZone);
  return back.date === date && back.time === time;
};

const clockOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The missing wall-clock stretch of a spring-forward day inside one range, or null. */
function gapInside(date: string, range: HoursRange, timeZone: string): { from: string; to: string } | null {
  const [start, end] = [clockMinutes(range.start), clockMinutes(range.end)];
  // Zones move their clocks on quarter hours: the start and every quarter hour before the end find
  // every gap. A range may end where a gap begins (the clock jumps at its end).
  const marks = [start];
  for (let m = Math.floor(start / 15) * 15 + 15; m < end; m += 15) marks.push(m);
  let first: number | null = null;
  let last: number | null = null;
  for (const m of marks) {
    if (!exists(date, clockOf(m), timeZone)) {
      first ??= m;
      last = m;
    } else if (first !== null) break;
  }
  if (first === null || last === null) return null;
  const to = Math.ceil((last + 1) / 15) * 15;
  return { from: clockOf(first), to: clockOf(to) };
}

/**
 * Ranges that cross a daylight-saving gap (a wall-clock stretch that does not exist on some date in
 * the coming year in the doctor's zone), named with the date, so the doctor can split the range.
 */
export function dstGapProblems(weekly: WeeklyHours, timeZone: string, now: Date): string[] {
  const problems: string[] = [];
  const today = wallClock(now, timeZone).date;
  for (let i = 0; i < 366; i++) {
    const date = shiftDate(today, i);
    const length =
      zonedInstant(shiftDate(date, 1), '00:00', timeZone).getTime() - zonedInstant(date, '00:00', timeZone).getTime();
    // Only a day shorter than 24 hours loses wall-clock time.
    if (length >= DAY_MS) continue;
    const day = weekdayOf(date);
    for (const range of weekly[day]) {
      const gap = gapInside(date, range, timeZone);
      if (!gap) continue;
      problems.push(
        `${WEEKDAY_NAMES[day]} ${range.start}–${range.end} crosses the daylight-saving change on ${date}: ` +
          `${gap.from}–${gap.to} does not exist in ${timeZone} that day. Split the range around it.`,
      );
    }
  }
  return problems;
}
