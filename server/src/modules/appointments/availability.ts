import type { ConsultationType } from '@common/constants/consultation-types';
import type { Availability } from '@common/schemas/availability';
import { shiftDate } from '@common/rules/schedule-rules';
import { slotsBetween } from '@common/rules/schedule-slots';
import type { Db } from '../../db/client';
import { notFound } from '../../core/errors';
import { listedSlotContext } from './slot-check';

const DAY_MS = 86_400_000;
const utcMidnight = (date: string) => new Date(`${date}T00:00:00Z`);

/**
 * A listed doctor's slots on `days` local dates from `date`, for anyone, from the slot generator
 * (the doctor's week, visit length for `type`, buffer, notice, horizon, daily cap; time off hides
 * slots). Only free or taken is told: nothing about who booked or why. A doctor who is not listed
 * (listing/rule.ts: unverified, paused, or whose account is off) is answered like an unknown id.
 */
export async function publicAvailability(
  db: Db,
  doctorId: string,
  date: string,
  days: number,
  now: Date,
  type: ConsultationType = 'video',
): Promise<Availability> {
  // The zone is read in the same statement as the bookings, so the window is any zone's: every
  // zone's midnight lies within a day of UTC's. Bookings and time off outside the doctor's own
  // dates change no slot (the generator judges each slot and each local date by itself).
  const from = new Date(utcMidnight(date).getTime() - DAY_MS);
  const to = new Date(utcMidnight(shiftDate(date, days)).getTime() + DAY_MS);
  const ctx = await listedSlotContext(db, doctorId, from, to, now);
  if (!ctx) throw notFound('Doctor');
  const slots = slotsBetween(ctx, date, days, type).map((s) => ({
    date: s.date,
    time: s.time,
    label: s.label,
    startsAt: s.startsAt,
    endsAt: s.endsAt,
    minutes: s.minutes,
    available: s.available,
  }));
  return { doctorId, date, timeZone: ctx.timeZone, slots };
}
