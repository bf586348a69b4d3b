import { isValidTimeZone } from '@common/rules/zoned-time';

// Building an Intl.DateTimeFormat costs far more than using one; a queue of reminders reuses them.
const formatters = new Map<string, Intl.DateTimeFormat>();
const validZones = new Map<string, boolean>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hourCycle: 'h12',
      timeZoneName: 'short',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export function knownTimeZone(timeZone: string): boolean {
  let valid = validZones.get(timeZone);
  if (valid === undefined) {
    valid = isValidTimeZone(timeZone);
    validZones.set(timeZone, valid);
  }
  return valid;
}

/**
 * "Sunday, March 8, 2026 at 10:00 AM EDT (America/New_York)": the recipient's wall clock with the
 * zone's abbreviation at that instant (so a date across a clock change says EDT, not EST) and
 * its IANA name, which is unambiguous.
 */
export function localTimeText(instant: Date, timeZone: string): string {
  const part: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(instant)) part[p.type] = p.value;
  return `${part.weekday}, ${part.month} ${part.day}, ${part.year} at ${part.hour}:${part.minute} ${part.dayPeriod} ${part.timeZoneName} (${timeZone})`;
}
