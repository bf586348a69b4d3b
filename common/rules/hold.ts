import { PENDING_HOLD_MINUTES } from '../constants/platform';

/** What an unpaid booking is called on every screen and message: never "booked" or "scheduled". */
export const HOLD_TITLE = `Held for ${PENDING_HOLD_MINUTES} minutes — pay to confirm`;

type Holdable = { status: string; createdAt: string; payment: { status: string } | null };

/** When an unpaid booking stops keeping its slot (server/src/modules/appointments/slot-hold.ts). */
export const holdEndsAt = (createdAt: string | Date) =>
  new Date(new Date(createdAt).getTime() + PENDING_HOLD_MINUTES * 60_000);

/** An unpaid booking: pending, and no payment has gone through. */
export const isUnpaidHold = (a: Holdable) =>
  a.status === 'pending' && a.payment?.status !== 'succeeded' && a.payment?.status !== 'processing';

/** Whole minutes left of an unpaid booking's hold (rounded up), 0 once it has ended. */
export function holdMinutesLeft(createdAt: string | Date, now = new Date()): number {
  const ms = holdEndsAt(createdAt).getTime() - now.getTime();
  return ms <= 0 ? 0 : Math.ceil(ms / 60_000);
}

/** "12 minutes left", or what the patient can still do once the hold has ended. */
export function holdTimeLeftText(minutesLeft: number): string {
  if (minutesLeft <= 0) return 'The hold has ended: pay now to confirm if the time is still free.';
  return minutesLeft === 1 ? '1 minute left' : `${minutesLeft} minutes left`;
}
