import { and, eq, gte, lt } from 'drizzle-orm';
import type { Availability } from '@common/schemas/appointments';
import { isWithinBookingHorizon } from '@common/rules/booking-horizon';
import { addDays, daySlots } from '@common/rules/slots';
import { zonedInstant } from '@common/rules/zoned-time';
import type { Db } from '../../db/client';
import { appointments, doctors, users } from '../../db/schema';
import { notFound } from '../../core/errors';
import { listedWhere } from '../listing/rule';
import { holdsSlot } from './slot-hold';

/**
 * A listed doctor's slots on `days` local dates from `date`, for anyone. Only free or taken is
 * told: nothing about who booked or why. A doctor who is not listed (listing/rule.ts: unverified,
 * paused, or whose account is off) is answered exactly like an unknown id.
 */
export async function publicAvailability(
  db: Db,
  doctorId: string,
  date: string,
  days: number,
  now: Date,
): Promise<Availability> {
  const [doctor] = await db
    .select({ timeZone: doctors.timeZone, availableFrom: doctors.availableFrom, availableTo: doctors.availableTo })
    .from(doctors)
    .innerJoin(users, eq(users.id, doctors.userId))
    .where(listedWhere(eq(doctors.id, doctorId)));
  if (!doctor) throw notFound('Doctor');
  const dates = Array.from({ length: days }, (_, i) => addDays(date, i));
  const start = zonedInstant(dates[0], '00:00', doctor.timeZone);
  const end = zonedInstant(addDays(date, days), '00:00', doctor.timeZone);
  const booked = await db
    .select({ startsAt: appointments.startsAt })
    .from(appointments)
    .where(
      and(
        eq(appointments.doctorId, doctorId),
        gte(appointments.startsAt, start),
        lt(appointments.startsAt, end),
        holdsSlot(now),
      ),
    );
  const taken = new Set(booked.map((b) => b.startsAt.getTime()));
  const slots = dates.flatMap((day) =>
    daySlots(day, doctor, taken, now).map((s) => ({
      date: day,
      ...s,
      available: s.available && isWithinBookingHorizon(new Date(s.startsAt), now),
    })),
  );
  return { doctorId, date, timeZone: doctor.timeZone, slots };
}
