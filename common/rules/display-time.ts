import { toTwelveHour, wallClock } from './zoned-time';

/** The zone the browser (or process) runs in, e.g. "Europe/London". */
export const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

// Building an Intl.DateTimeFormat costs far more than using one; e-mail queues and long lists reuse them.
const formatters = new Map<string, Intl.DateTimeFormat>();
const OPTIONS = {
  date: { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' },
  clock: { hour: 'numeric', minute: '2-digit', hourCycle: 'h12', timeZoneName: 'short' },
  weekday: { weekday: 'short' },
  shortDate: { weekday: 'short', month: 'short', day: 'numeric' },
  weekdayClock: { weekday: 'short', hour: 'numeric', minute: '2-digit', hourCycle: 'h12' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

function formatter(kind: keyof typeof OPTIONS, timeZone: string): Intl.DateTimeFormat {
  const key = `${kind}|${timeZone}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { ...OPTIONS[kind], timeZone });
    formatters.set(key, f);
  }
  return f;
}

const at = (instant: Date | string) => (instant instanceof Date ? instant : new Date(instant));

/** "Tuesday, November 24, 2026" for an instant, in a zone (default: local). */
export function longDate(instant: Date | string, timeZone = localTimeZone()): string {
  return formatter('date', timeZone).format(at(instant));
}

/** "Sun, Mar 8" for an instant, in a zone (default: local): the date of compact lists. */
export function shortDate(instant: Date | string, timeZone = localTimeZone()): string {
  return formatter('shortDate', timeZone).format(at(instant));
}

/** "Tue 3:30 PM" for an instant, in a zone (default: local): a time within the coming week. */
export function weekdayClock(instant: Date | string, timeZone = localTimeZone()): string {
  return formatter('weekdayClock', timeZone).format(at(instant)).replace(',', '');
}

/** "02:30 PM" for an instant, in a zone (default: local) — the 12-hour style of slot labels. */
export function slotTime(instant: Date | string, timeZone = localTimeZone()): string {
  return toTwelveHour(wallClock(at(instant), timeZone).time);
}

/** "YYYY-MM-DD" of an instant in a zone (default: local). */
export function localDateOf(instant: Date | string, timeZone = localTimeZone()): string {
  return wallClock(at(instant), timeZone).date;
}

/** Whether two zones show the same wall clock at this instant (then one time is enough). */
export function sameClock(instant: Date | string, a: string, b: string): boolean {
  const d = at(instant);
  const x = wallClock(d, a);
  const y = wallClock(d, b);
  return x.date === y.date && x.time === y.time;
}

/** "Europe/London" → "Europe/London (GMT)"-style short name for labels. */
export function zoneName(timeZone: string, when: Date | string = new Date()): string {
  const part = formatter('clock', timeZone)
    .formatToParts(at(when))
    .find((p) => p.type === 'timeZoneName')?.value;
  return part ? `${timeZone.replaceAll('_', ' ')} (${part})` : timeZone.replaceAll('_', ' ');
}

/** "America/New_York" → "New York", "UTC" → "UTC": the place a person would name. */
export function placeOf(timeZone: string): string {
  return (timeZone.split('/').pop() ?? timeZone).replaceAll('_', ' ');
}

/**
 * "9:14 PM GMT": the wall clock of an instant in a zone with that zone's abbreviation at that
 * instant, so a date across a clock change says EDT rather than EST.
 */
export function clockTime(instant: Date | string, timeZone = localTimeZone()): string {
  const part: Record<string, string> = {};
  for (const p of formatter('clock', timeZone).formatToParts(at(instant))) part[p.type] = p.value;
  return `${part.hour}:${part.minute} ${part.dayPeriod} ${part.timeZoneName}`;
}

/**
 * "4:14 PM EDT in New York" — the other party's clock — or null when it reads the same as the
 * viewer's. The weekday is added when the two zones are on different dates ("Mon 2:44 AM …").
 */
export function otherClock(instant: Date | string, viewerZone: string, otherZone: string | undefined): string | null {
  if (!otherZone || otherZone === viewerZone || sameClock(instant, viewerZone, otherZone)) return null;
  const sameDate = localDateOf(instant, viewerZone) === localDateOf(instant, otherZone);
  const day = sameDate ? '' : `${formatter('weekday', otherZone).format(at(instant))} `;
  return `${day}${clockTime(instant, otherZone)} in ${placeOf(otherZone)}`;
}

/** "9:14 PM GMT (4:14 PM EDT in New York)": the viewer's time, then the other party's where it differs. */
export function timeText(instant: Date | string, viewerZone = localTimeZone(), otherZone?: string): string {
  const other = otherClock(instant, viewerZone, otherZone);
  return other ? `${clockTime(instant, viewerZone)} (${other})` : clockTime(instant, viewerZone);
}

/**
 * "Sunday, March 8, 2026 at 9:14 PM GMT (4:14 PM EDT in New York)": the one way every screen,
 * e-mail, notification and document states when an appointment happens.
 */
export function whenText(instant: Date | string, viewerZone = localTimeZone(), otherZone?: string): string {
  return `${longDate(instant, viewerZone)} at ${timeText(instant, viewerZone, otherZone)}`;
}
