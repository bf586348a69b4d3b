import { offsetAt, wallClock } from './zoned-time';

export { zoneLabel } from './zone-names';

/**
 * Whose clock a screen reads: the zone, the region, and which day is "today". The words for them
 * in each language are common/i18n/when.ts and format.ts; this module only knows instants and zones.
 */

let asked: { zone: string; at: number } | undefined;
// Every time shown to a visitor without an account zone asks for it; asked afresh after a minute,
// so a computer whose zone changed (a flight) is followed.
const ASK_AGAIN_MS = 60_000;

/** The zone the browser (or process) runs in, e.g. "Europe/London". */
export function browserTimeZone(): string {
  const now = Date.now();
  if (!asked || now - asked.at > ASK_AGAIN_MS || now < asked.at)
    asked = { zone: Intl.DateTimeFormat().resolvedOptions().timeZone, at: now };
  return asked.zone;
}

// The browser shell sets these once it knows who is signed in (their account's zone, their
// region's date order). The server never does: it passes each recipient's zone explicitly.
let viewer: { timeZone: string | null; region: string | undefined } = { timeZone: null, region: undefined };

/** The client shell: whose clock and date order the screens use from now on. */
export function setViewer(next: { timeZone: string | null; region?: string }) {
  viewer = { timeZone: next.timeZone, region: 'region' in next ? next.region : viewer.region };
}

/** The viewer's zone: the one their account keeps, else the browser's. */
export const localTimeZone = () => viewer.timeZone ?? browserTimeZone();

/** The viewer's region ("GB", "US"), whose date order a language that follows regions uses. */
export const viewerRegion = () => viewer.region;

/** "en-GB" → "GB", "de" → "DE" (its likely region); unreadable → undefined. */
export function regionOf(browserLanguage: string | undefined): string | undefined {
  try {
    if (!browserLanguage) return undefined;
    // Most browsers name the region ("en-US"); guessing one from likely subtags costs a phone about
    // 90 ms at start (measured in Chromium), so only a bare language ("de") asks for the guess.
    const locale = new Intl.Locale(browserLanguage);
    return locale.region ?? locale.maximize().region;
  } catch {
    return undefined;
  }
}

const at = (instant: Date | string) => (instant instanceof Date ? instant : new Date(instant));

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

/** The offset of a zone at an instant in minutes (so daylight saving shows). */
export const offsetMinutes = (timeZone: string, when: Date | string = new Date()) =>
  Math.round(offsetAt(timeZone, at(when).getTime()) / 60_000);

export { placeOf } from './zone-names';

/** "Today", "Tomorrow" or null: the viewer's calendar day of an instant against theirs of `now`. */
export function nearDay(instant: Date | string, now: Date, timeZone = localTimeZone()): 'Today' | 'Tomorrow' | null {
  const day = localDateOf(instant, timeZone);
  if (day === localDateOf(now, timeZone)) return 'Today';
  // Noon of the viewer's today plus a day is on tomorrow's date whatever the clock changes do.
  const noon = Date.parse(`${localDateOf(now, timeZone)}T12:00:00Z`) + 86_400_000;
  return day === new Date(noon).toISOString().slice(0, 10) ? 'Tomorrow' : null;
}
