import { eq } from 'drizzle-orm';
import type { ConsultationType } from '@common/constants/consultation-types';
import type { Availability } from '@common/schemas/appointments';
import { shiftDate } from '@common/rules/schedule-rules';
import { slotsBetween } from '@common/rules/schedule-slots';
import { zonedInstant } from '@common/rules/zoned-time';
import type { Db } from '../../db/client';
import { doctors, users } from '../../db/schema';
import { notFound } from '../../core/errors';
import { listedWhere } from '../listing/rule';
import { slotContext } from './slot-check';

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
  const [doctor] = await db
    .select({
      id: doctors.id,
      timeZone: doctors.timeZone,
      availableFrom: doctors.availableFrom,
      availableTo: doctors.availableTo,
    })
    .from(doctors)
    .innerJoin(users, eq(users.id, doctors.userId))
    .where(listedWhere(eq(doctors.id, doctorId)));
  if (!doctor) throw notFound('Doctor');
  const start = zonedInstant(date, '00:00', doctor.timeZone);
  const end = zonedInstant(shiftDate(date, days), '00:00', doctor.timeZone);
  const ctx = await slotContext(db, doctor, start, end, now);
  const slots = slotsBetween(ctx, date, days, type).map((s) => ({
    date: s.date,
    time: s.time,
    label: s.label,
    startsAt: s.startsAt,
    endsAt: s.endsAt,
    minutes: s.minutes,
    available: s.available,
  }));
  return { doctorId, date, timeZone: doctor.timeZone, slots };
}
