import { BOOKING_HORIZON_DAYS } from '../constants/platform';

/** Dates outside these years are refused before any date arithmetic runs on them. */
const FIRST_YEAR = 1900;
const LAST_YEAR = 2100;

export function isWithinCalendarYears(date: string): boolean {
  const year = Number(date.slice(0, 4));
  return Number.isInteger(year) && year >= FIRST_YEAR && year <= LAST_YEAR;
}

/** Whether an instant lies inside the booking horizon that starts at `now`. */
export function isWithinBookingHorizon(instant: Date, now: Date): boolean {
  return instant.getTime() <= now.getTime() + BOOKING_HORIZON_DAYS * 86_400_000;
}
