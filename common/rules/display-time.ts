import { offsetAt, toTwelveHour, wallClock } from './zoned-time';
import { zoneLabel } from './zone-names';

export { zoneLabel } from './zone-names';

/** The zone the browser (or process) runs in, e.g. "Europe/London". */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

// The browser shell sets these once it knows who is signed in (their account's zone, their
// language's date order). The server never does: it passes each recipient's zone explicitly.
let viewer: { timeZone: string | null; locale: string } = { timeZone: null, locale: 'en-US' };

/** The client shell: whose clock and date order the screens use from now on. */
export function setViewer(next: { timeZone: string | null; locale?: string }) {
  viewer = { timeZone: next.timeZone, locale: next.locale ?? viewer.locale };
}

/** The viewer's zone: the one their account keeps, else the browser's. */
export const localTimeZone = () => viewer.timeZone ?? browserTimeZone();

/**
 * English words in the order the person's region writes dates ("Tuesday 24 November 2026" for
 * en-GB or de-DE, "Tuesday, November 24, 2026" for en-US): the product's texts are English.
 */
export function dateLocaleOf(language: string | undefined): string {
  try {
    const region = language ? new Intl.Locale(language).maximize().region : undefined;
    const tag = region ? `en-${region}` : 'en-US';
    return Intl.DateTimeFormat.supportedLocalesOf([tag])[0] ?? 'en-US';
  } catch {
    return 'en-US';
  }
}

// Building an Intl.DateTimeFormat costs far more than using one; e-mail queues and long lists reuse them.
const formatters = new Map<string, Intl.DateTimeFormat>();
const OPTIONS = {
  date: { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' },
  day: { month: 'long', day: 'numeric', year: 'numeric' },
  compactDay: { month: 'short', day: 'numeric', year: 'numeric' },
  medium: { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' },
  clock: { hour: 'numeric', minute: '2-digit', hourCycle: 'h12' },
  weekday: { weekday: 'short' },
  shortDate: { weekday: 'short', month: 'short', day: 'numeric' },
  weekdayClock: { weekday: 'short', hour: 'numeric', minute: '2-digit', hourCycle: 'h12' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
/** Dates follow the viewer's order; clocks stay 12-hour like the spec's slot labels. */
const LOCALISED = new Set<keyof typeof OPTIONS>(['date', 'day', 'compactDay', 'medium', 'shortDate']);

function formatter(kind: keyof typeof OPTIONS, timeZone: string): Intl.DateTimeFormat {
  const locale = LOCALISED.has(kind) ? viewer.locale : 'en-US';
  const key = `${kind}|${timeZone}|${locale}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...OPTIONS[kind], timeZone });
    formatters.set(key, f);
  }
  return f;
}

const at = (instant: Date | string) => (instant instanceof Date ? instant : new Date(instant));

/** "Tuesday, November 24, 2026" for an instant, in a zone (default: the viewer's). */
export function longDate(instant: Date | string, timeZone = localTimeZone()): string {
  return formatter('date', timeZone).format(at(instant));
}

/** "November 24, 2026" for an instant, in a zone (default: the viewer's): a day without its weekday. */
export function dayDate(instant: Date | string, timeZone = localTimeZone()): string {
  return formatter('day', timeZone).format(at(instant));
}

/** "Nov 24, 2026" in a zone (default: the viewer's): the day of a record in a list or table. */
export function compactDate(instant: Date | string, timeZone = localTimeZone()): string {
  return formatter('compactDay', timeZone).format(at(instant));
}

/** "Tue, Nov 24, 2026, 3:30 PM Berlin time": a moment in a record (a sign-in, a message), not an appointment. */
export function momentText(instant: Date | string, timeZone = localTimeZone()): string {
  return `${formatter('medium', timeZone).format(at(instant))}, ${clockTime(instant, timeZone)}`;
}

/** "Sun, Mar 8" for an instant, in a zone (default: the viewer's): the date of compact lists. */
export function shortDate(instant: Date | string, timeZone = localTimeZone()): string {
  return formatter('shortDate', timeZone).format(at(instant));
}

/** "Tue 3:30 PM" for an instant, in a zone (default: the viewer's): a time within the coming week. */
export function weekdayClock(instant: Date | string, timeZone = localTimeZone()): string {
  return formatter('weekdayClock', timeZone).format(at(instant)).replace(',', '');
}

/**
 * "Today 3:30 PM", "Tomorrow 9:00 AM", else "Sat 3:30 PM": a time within the coming week, with the
 * viewer's near days named (a card's next free slot).
 */
export function soonClock(instant: Date | string, now: Date, timeZone = localTimeZone()): string {
  const near = nearDay(instant, now, timeZone);
  return near ? `${near} ${clockOnly(instant, timeZone)}` : weekdayClock(instant, timeZone);
}

/** "02:30 PM" for an instant, in a zone (default: the viewer's) — the 12-hour style of slot labels. */
export function slotTime(instant: Date | string, timeZone = localTimeZone()): string {
  return toTwelveHour(wallClock(at(instant), timeZone).time);
}

/** "YYYY-MM-DD" of an instant in a zone (default: the viewer's). */
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

/** "UTC+1", "UTC−5", "UTC+5:30", "UTC+0": the zone's offset at that instant (so DST shows). */
export function utcOffset(timeZone: string, when: Date | string = new Date()): string {
  const minutes = Math.round(offsetAt(timeZone, at(when).getTime()) / 60_000);
  const sign = minutes < 0 ? '\u2212' : '+';
  const abs = Math.abs(minutes);
  const rest = abs % 60;
  return `UTC${sign}${Math.floor(abs / 60)}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
}

/** "Berlin time (UTC+1)": a zone named for a sentence that shows two of them. */
export function zoneName(timeZone: string, when: Date | string = new Date()): string {
  const label = zoneLabel(timeZone);
  // "UTC" and the fixed "UTC−5" zones are their own offset.
  return label.startsWith('UTC') ? label : `${label} (${utcOffset(timeZone, when)})`;
}

/** "America/New_York" → "New York", "UTC" → "UTC": the place a person would name. */
export function placeOf(timeZone: string): string {
  return zoneLabel(timeZone).replace(/ time$/, '');
}

/** "3:00 PM": the wall clock alone, from its parts (some ICU versions put a narrow space before PM). */
function clockOnly(instant: Date | string, timeZone: string): string {
  const part: Record<string, string> = {};
  for (const p of formatter('clock', timeZone).formatToParts(at(instant))) part[p.type] = p.value;
  return `${part.hour}:${part.minute} ${part.dayPeriod}`;
}

/** "9:14 PM Berlin time": the wall clock of an instant in a zone, with the zone named as people do. */
export function clockTime(instant: Date | string, timeZone = localTimeZone()): string {
  return `${clockOnly(instant, timeZone)} ${zoneLabel(timeZone)}`;
}

/** "9:14 PM Berlin time (UTC+1)": the same with the offset, for where two zones are shown together. */
const clockWithOffset = (instant: Date | string, timeZone: string) =>
  `${clockOnly(instant, timeZone)} ${zoneName(timeZone, instant)}`;

/**
 * "9:00 AM New York time (UTC−5)" — the other party's clock — or null when it reads the same as
 * the viewer's. The weekday is added when the two zones are on different dates ("Sun 9:00 PM …").
 */
export function otherClock(instant: Date | string, viewerZone: string, otherZone: string | undefined): string | null {
  if (!otherZone || otherZone === viewerZone || sameClock(instant, viewerZone, otherZone)) return null;
  const sameDate = localDateOf(instant, viewerZone) === localDateOf(instant, otherZone);
  const day = sameDate ? '' : `${formatter('weekday', otherZone).format(at(instant))} `;
  return `${day}${clockWithOffset(instant, otherZone)}`;
}

/**
 * "3:00 PM Berlin time (UTC+1) · 9:00 AM New York time (UTC−5)": the viewer's time, then the other
 * party's where it differs; "3:00 PM Berlin time" alone where it does not.
 */
export function timeText(instant: Date | string, viewerZone = localTimeZone(), otherZone?: string): string {
  const other = otherClock(instant, viewerZone, otherZone);
  return other ? `${clockWithOffset(instant, viewerZone)} \u00b7 ${other}` : clockTime(instant, viewerZone);
}

/** "Today", "Tomorrow" or null: the viewer's calendar day of an instant against theirs of `now`. */
export function nearDay(instant: Date | string, now: Date, timeZone = localTimeZone()): 'Today' | 'Tomorrow' | null {
  const day = localDateOf(instant, timeZone);
  if (day === localDateOf(now, timeZone)) return 'Today';
  // Noon of the viewer's today plus a day is on tomorrow's date whatever the clock changes do.
  const noon = Date.parse(`${localDateOf(now, timeZone)}T12:00:00Z`) + 86_400_000;
  return day === new Date(noon).toISOString().slice(0, 10) ? 'Tomorrow' : null;
}

/**
 * "Sunday, March 8, 2026 at 9:14 PM London time (UTC+0) · 5:14 PM New York time (UTC−4)": the one
 * way every screen, e-mail, notification and document states when an appointment happens. Screens
 * pass `now` to start a near date with "Today, " or "Tomorrow, "; mail, read later, does not.
 */
export function whenText(instant: Date | string, viewerZone = localTimeZone(), otherZone?: string, now?: Date): string {
  const near = now ? nearDay(instant, now, viewerZone) : null;
  const date = longDate(instant, viewerZone);
  return `${near ? `${near}, ${date}` : date} at ${timeText(instant, viewerZone, otherZone)}`;
}
