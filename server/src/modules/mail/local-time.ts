import { toTwelveHour, wallClock } from '@common/rules/zoned-time';

/**
 * "Sunday, March 8, 2026 at 10:00 AM EDT (America/New_York)": the recipient's wall clock with the
 * zone's abbreviation at that instant (so a date across a clock change says EDT, not EST) and
 * its IANA name, which is unambiguous.
 */
export function localTimeText(instant: Date, timeZone: string): string {
  const date = new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone,
  }).format(instant);
  const abbreviation =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
      .formatToParts(instant)
      .find((p) => p.type === 'timeZoneName')?.value ?? '';
  const time = toTwelveHour(wallClock(instant, timeZone).time).replace(/^0/, '');
  return `${date} at ${time} ${abbreviation} (${timeZone})`.replace('  ', ' ');
}
