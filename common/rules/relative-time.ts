import { compactDate } from './display-time';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Relative time ("5m ago"). Timestamps slightly ahead of `now` (clock skew between
 * server and browser) read as "Just now" rather than a negative age.
 * An unparseable input yields an empty string so a bad value never renders "Invalid Date".
 */
export function formatRelativeTime(date: Date | string, now: Date = new Date()): string {
  const then = typeof date === 'string' ? new Date(date) : date;
  const elapsed = now.getTime() - then.getTime();
  if (Number.isNaN(elapsed)) return '';

  if (elapsed < MINUTE) return 'Just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h ago`;
  if (elapsed < 7 * DAY) return `${Math.floor(elapsed / DAY)}d ago`;
  // Older than a week: the day itself, in the viewer's zone and date order ("15 Nov 2026").
  return compactDate(then);
}
