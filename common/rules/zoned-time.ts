import { TZDate } from '@date-fns/tz';

// Slot lists, search cards and e-mails turn thousands of instants into wall-clock time per
// request; asking Intl each time was a fifth of the server's CPU under load. A zone's offset is
// asked once per quarter hour of time (no zone changes its offset twice within one) and kept.
const QUARTER_MS = 15 * 60_000;
const KEPT_PER_ZONE = 50_000;
const offsets = new Map<string, Map<number, number>>();
const instants = new Map<string, number>();

/** The zone's offset from UTC (ms, whole minutes) at an instant, from Intl. */
function measuredOffset(timeZone: string, ms: number): number {
  const parts = wallClockFormat(timeZone).formatToParts(new Date(ms));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const local = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return local - Math.floor(ms / 60_000) * 60_000;
}

/** The zone's offset from UTC (ms) at an instant. */
export function offsetAt(timeZone: string, ms: number): number {
  const bucket = Math.floor(ms / QUARTER_MS);
  const zone = offsets.get(timeZone);
  let offset = zone?.get(bucket);
  if (offset === undefined) {
    const start = bucket * QUARTER_MS;
    // Throws for a zone Intl does not know, before anything is kept for it.
    offset = measuredOffset(timeZone, start);
    // A change inside this quarter: not kept, asked again for each instant in it.
    if (offset !== measuredOffset(timeZone, start + QUARTER_MS - 60_000)) return measuredOffset(timeZone, ms);
    const kept = zone && zone.size < KEPT_PER_ZONE ? zone : new Map<number, number>();
    kept.set(bucket, offset);
    offsets.set(timeZone, kept);
  }
  return offset;
}

/** The UTC instant of a wall-clock date and time ("2026-03-08", "09:30") in an IANA zone. */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const key = `${timeZone}|${date}|${time}`;
  let ms = instants.get(key);
  if (ms === undefined) {
    const [y, m, d] = date.split('-').map(Number);
    const [hh, mm] = time.split(':').map(Number);
    ms = new TZDate(y, m - 1, d, hh, mm, 0, 0, timeZone).getTime();
    if (instants.size >= KEPT_PER_ZONE * 4) instants.clear();
    instants.set(key, ms);
  }
  return new Date(ms);
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
