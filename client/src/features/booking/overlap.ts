import { slotTime } from '@common/rules/display-time';
import type { Overlap } from '@common/schemas/appointments';

/** "You already have a visit with Dr. Lena Moreau at 3:00 PM", the time on the patient's own clock. */
export function overlapText(overlap: Pick<Overlap, 'doctorName' | 'startsAt'>, timeZone?: string): string {
  return `You already have a visit with ${overlap.doctorName} at ${slotTime(overlap.startsAt, timeZone).replace(/^0/, '')}`;
}

/** The instants asked about: the slot's own end, else its length, else the half hour slots are by default. */
export function visitSpan(slot: { startsAt: string; endsAt?: string; minutes?: number }) {
  const endsAt = slot.endsAt ?? new Date(Date.parse(slot.startsAt) + (slot.minutes ?? 30) * 60_000).toISOString();
  return { startsAt: slot.startsAt, endsAt };
}
