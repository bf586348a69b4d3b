/**
 * Zones whose offsets span 25 hours, so at any instant one of them is early in its day. Tests
 * about "today" run there, not in UTC, where the last hour of the day has no free slot left.
 */
const ZONES = [
  'Pacific/Kiritimati',
  'Pacific/Auckland',
  'Asia/Tokyo',
  'Asia/Dubai',
  'Europe/Berlin',
  'America/Sao_Paulo',
  'America/New_York',
  'America/Los_Angeles',
  'Pacific/Honolulu',
  'Pacific/Pago_Pago',
];

export const localHour = (zone: string, at = new Date()) =>
  Number(new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' }).format(at));

export const localDate = (zone: string, at = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/** A zone where it is between 01:00 and 15:00, so a 09:00–17:30 day still has slots ahead. */
export function zoneEarlyInItsDay(at = new Date()): string {
  const zone = ZONES.find((z) => localHour(z, at) >= 1 && localHour(z, at) < 15);
  if (!zone) throw new Error('no zone early in its day');
  return zone;
}

/**
 * The UTC date `days` from now, far enough ahead that the visitor's and the doctor's zones agree,
 * moved on to the next Monday–Friday that is not a Wednesday: the demo doctor works weekdays and
 * takes next week's Wednesday off, so every date this gives has slots.
 */
export function dateInDays(days: number): string {
  const at = new Date(Date.now() + days * 86_400_000);
  while ([0, 3, 6].includes(at.getUTCDay())) at.setUTCDate(at.getUTCDate() + 1);
  return at.toISOString().slice(0, 10);
}
