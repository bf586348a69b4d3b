import { toTwelveHour, wallClock } from './zoned-time';

/** The zone the browser (or process) runs in, e.g. "Europe/London". */
export const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** "Tuesday, November 24, 2026" for an instant, in a zone (default: local). */
export function longDate(instant: Date | string, timeZone = localTimeZone()): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone,
  }).format(new Date(instant));
}

/** "02:30 PM" for an instant, in a zone (default: local) — the 12-hour style of slot labels. */
export function slotTime(instant: Date | string, timeZone = localTimeZone()): string {
  return toTwelveHour(wallClock(new Date(instant), timeZone).time);
}

/** "YYYY-MM-DD" of an instant in a zone (default: local). */
export function localDateOf(instant: Date | string, timeZone = localTimeZone()): string {
  return wallClock(new Date(instant), timeZone).date;
}

/** Whether two zones show the same wall clock at this instant (then one time is enough). */
export function sameClock(instant: Date | string, a: string, b: string): boolean {
  const d = new Date(instant);
  const x = wallClock(d, a);
  const y = wallClock(d, b);
  return x.date === y.date && x.time === y.time;
}

/** "Europe/London" → "Europe/London (GMT)"-style short name for labels. */
export function zoneName(timeZone: string, at: Date | string = new Date()): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
    .formatToParts(new Date(at))
    .find((p) => p.type === 'timeZoneName')?.value;
  return part ? `${timeZone.replaceAll('_', ' ')} (${part})` : timeZone.replaceAll('_', ' ');
}
