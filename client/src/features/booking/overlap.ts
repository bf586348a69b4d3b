/** The instants asked about: the slot's own end, else its length, else the half hour slots are by default. */
export function visitSpan(slot: { startsAt: string; endsAt?: string; minutes?: number }) {
  const endsAt = slot.endsAt ?? new Date(Date.parse(slot.startsAt) + (slot.minutes ?? 30) * 60_000).toISOString();
  return { startsAt: slot.startsAt, endsAt };
}
