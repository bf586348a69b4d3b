import { TZDate } from '@date-fns/tz';

// Slot lists, search cards and e-mails turn thousands of instants into wall-clock time per
// request; asking Intl each time was a fifth of the server's CPU under load. So a zone's offset is
// asked once per day of time and kept: a day whose offset is the same at its start, its middle and
// its end (no zone changes and changes back within twelve hours) keeps one number; a day with a
// change keeps its quarter hours (no zone changes its offset twice within one). Kept per day, a
// zone holds a few hundred numbers for a year of slots, where a key per quarter hour or per wall
// clock grew the heap by megabytes over an hour of bookings (issue 39, flat memory).
const DAY_MS = 86_400_000;
const QUARTER_MS = 15 * 60_000;
const KEPT_DAYS_PER_ZONE = 4_000;
const offsets = new Map<string, Map<number, number | Map<number, number>>>();

/** The zone's offset from UTC (ms, whole minutes) at an instant, from Intl. */
function measuredOffset(timeZone: string, ms: number): number {
  const parts = wallClockFormat(timeZone).formatToParts(new Date(ms));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const local = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return local - Math.floor(ms / 60_000) * 60_000;
}

/** What is kept for a zone's UTC day: its one offset, or its quarter hours when it has a change. */
function keptDay(timeZone: string, day: number): number | Map<number, number> {
  let zone = offsets.get(timeZone);
  let kept = zone?.get(day);
  if (kept === undefined) {
    const start = day * DAY_MS;
    // Throws for a zone Intl does not know, before anything is kept for it.
    const first = measuredOffset(timeZone, start);
    const constant =
      first === measuredOffset(timeZone, start + DAY_MS / 2) &&
      first === measuredOffset(timeZone, start + DAY_MS - 60_000);
    kept = constant ? first : new Map<number, number>();
    if (!zone || zone.size >= KEPT_DAYS_PER_ZONE) offsets.set(timeZone, (zone = new Map()));
    zone.set(day, kept);
  }
  return kept;
}

/** The zone's offset from UTC (ms) at an instant. */
export function offsetAt(timeZone: string, ms: number): number {
  const kept = keptDay(timeZone, Math.floor(ms / DAY_MS));
  if (typeof kept === 'number') return kept;
  const bucket = Math.floor(ms / QUARTER_MS);
  let offset = kept.get(bucket);
  if (offset === undefined) {
    const start = bucket * QUARTER_MS;
    offset = measuredOffset(timeZone, start);
    // A change inside this quarter: not kept, asked again for each instant in it.
    if (offset !== measuredOffset(timeZone, start + QUARTER_MS - 60_000)) return measuredOffset(timeZone, ms);
    kept.set(bucket, offset);
  }
  return offset;
}

/** How many numbers the zones keep, for the test that they stay few. */
export function keptOffsetCount(): number {
  let count = 0;
  for (const days of offsets.values()) for (const day of days.values()) count += typeof day === 'number' ? 1 : day.size;
  return count;
}

/** The one offset a zone has from `from` to `to` (whole UTC days), or undefined where it changes. */
function constantOffset(timeZone: string, from: number, to: number): number | undefined {
  let offset: number | undefined;
  for (let day = Math.floor(from / DAY_MS); day <= Math.floor(to / DAY_MS); day++) {
    const kept = keptDay(timeZone, day);
    if (typeof kept !== 'number' || (offset !== undefined && kept !== offset)) return undefined;
    offset = kept;
  }
  return offset;
}

/** The UTC instant of a wall-clock date and time ("2026-03-08", "09:30") in an IANA zone. */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  const local = Date.UTC(y, m - 1, d, hh, mm);
  // Offsets run from -12 h to +14 h, so the instant lies within this window; where the zone keeps
  // one offset through all of it, that offset is the answer and there is no other. Near a change
  // (a skipped or repeated hour) TZDate decides, as it always did.
  const offset = constantOffset(timeZone, local - 14 * 3_600_000, local + 12 * 3_600_000);
  if (offset !== undefined) return new Date(local - offset);
  return new Date(new TZDate(y, m - 1, d, hh, mm, 0, 0, timeZone).getTime());
}

// Building an Intl.DateTimeFormat costs far more than using one (about 0.3 ms against 10 µs here);
// there are only a few hundred zones.
const wallClockFormats = new Map<string, Intl.DateTimeFormat>();
function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    wallClockFormats.set(timeZone, format);
  }
  return format;
}

const two = (n: number) => String(n).padStart(2, '0');

/** The wall-clock date (YYYY-MM-DD) and 24 h time (HH:mm) of an instant in a zone. */
export function wallClock(instant: Date, timeZone: string): { date: string; time: string } {
  const ms = instant.getTime();
  const local = new Date(Math.floor(ms / 60_000) * 60_000 + offsetAt(timeZone, ms));
  return {
    date: `${String(local.getUTCFullYear()).padStart(4, '0')}-${two(local.getUTCMonth() + 1)}-${two(local.getUTCDate())}`,
    time: `${two(local.getUTCHours())}:${two(local.getUTCMinutes())}`,
  };
}

/** "14:30" → "02:30 PM", the 12-hour slot label. */
export function toTwelveHour(time: string): string {
  const [h, m] = time.split(':').map(Number);
  const suffix = h >= 12 ? 'PM' : 'AM';
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${String(hour).padStart(2, '0')}:${String(m).padStart(2, '0')} ${suffix}`;
}

/** "02:30 PM" → "14:30". */
export function fromTwelveHour(label: string): string | null {
  const match = /^(\d{1,2}):(\d{2})\s*(AM|PM)$/i.exec(label.trim());
  if (!match) return null;
  let h = Number(match[1]) % 12;
  if (match[3].toUpperCase() === 'PM') h += 12;
  return `${String(h).padStart(2, '0')}:${match[2]}`;
}

// Only valid zones are remembered, so hostile input cannot grow the set.
const validZones = new Set<string>();
export function isValidTimeZone(timeZone: string): boolean {
  if (validZones.has(timeZone)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    validZones.add(timeZone);
    return true;
  } catch {
    return false;
  }
}
