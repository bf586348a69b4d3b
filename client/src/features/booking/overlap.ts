import { slotTime } from '@common/rules/display-time';
import type { Overlap } from '@common/schemas/appointments';

/** "3:00 PM": the English clock of the overlap warning, on the patient's own clock, without the slot labels' leading zero. */
export const overlapClock = (startsAt: Overlap['startsAt'], timeZone?: string): string =>
  slotTime(startsAt, timeZone).replace(/^0/, '');

/** The instants asked about: the slot's own end, else its length, else the half hour slots are by default. */
export function visitSpan(slot: { startsAt: string; endsAt?: string; minutes?: number }) {
  const endsAt = slot.endsAt ?? new Date(Date.parse(slot.startsAt) + (slot.minutes ?? 30) * 60_000).toISOString();
  return { startsAt: slot.startsAt, endsAt };
}
