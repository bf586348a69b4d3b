import { PENDING_HOLD_MINUTES } from '../constants/platform';
import { WAITLIST_OFFER_MINUTES } from '../constants/waitlist';

/** What an unpaid booking is called on every screen and message: never "booked" or "scheduled". */
export const HOLD_TITLE = `Held for ${PENDING_HOLD_MINUTES} minutes — pay to confirm`;

type Holdable = { status: string; createdAt: string; payment: { status: string } | null };

/**
 * Who made the unpaid booking: the patient (`booking`), or the waitlist offering a freed slot
 * (`waitlist-offer`, docs/waitlist.md), which ends its offers sooner so the next in line gets a turn.
 */
export type HoldKind = 'booking' | 'waitlist-offer';

/** How long each kind of unpaid booking keeps its slot: the one place the two lengths are chosen. */
export const holdLengthMinutes = (kind: HoldKind): number =>
  kind === 'waitlist-offer' ? WAITLIST_OFFER_MINUTES : PENDING_HOLD_MINUTES;

/** When an unpaid booking stops keeping its slot (server/src/modules/appointments/slot-hold.ts). */
export const holdEndsAt = (createdAt: string | Date, kind: HoldKind = 'booking') =>
  new Date(new Date(createdAt).getTime() + holdLengthMinutes(kind) * 60_000);

/** The hold an appointment reply names: its length in minutes and the instant it ends. */
export type SlotHold = { minutes: number; endsAt: string };

/** The hold of an unpaid booking made at `createdAt`; a waitlist offer's ends when the offer does. */
export function slotHold(createdAt: string | Date, kind: HoldKind, offerEndsAt?: Date | null): SlotHold {
  const endsAt = kind === 'waitlist-offer' && offerEndsAt ? offerEndsAt : holdEndsAt(createdAt, kind);
  return { minutes: holdLengthMinutes(kind), endsAt: endsAt.toISOString() };
}

/** The hold an appointment shows: the server's when it says, else a patient's own booking's. */
export const holdOf = (a: { createdAt: string; slotHold?: SlotHold | null }): SlotHold =>
  a.slotHold ?? slotHold(a.createdAt, 'booking');

/** An unpaid booking: pending, and no payment has gone through. */
export const isUnpaidHold = (a: Holdable) =>
  a.status === 'pending' && a.payment?.status !== 'succeeded' && a.payment?.status !== 'processing';

/** Whole minutes until `endsAt` (rounded up), 0 once it has passed. */
export function minutesLeftUntil(endsAt: string | Date, now = new Date()): number {
  const ms = new Date(endsAt).getTime() - now.getTime();
  return ms <= 0 ? 0 : Math.ceil(ms / 60_000);
}

/** Whole minutes left of an unpaid booking's hold (rounded up), 0 once it has ended. */
export function holdMinutesLeft(createdAt: string | Date, now = new Date(), kind: HoldKind = 'booking'): number {
  return minutesLeftUntil(holdEndsAt(createdAt, kind), now);
}

/** "12 minutes left", or what the patient can still do once the hold has ended. */
export function holdTimeLeftText(minutesLeft: number): string {
  if (minutesLeft <= 0) return 'The hold has ended: pay now to confirm if the time is still free.';
  return minutesLeft === 1 ? '1 minute left' : `${minutesLeft} minutes left`;
}
