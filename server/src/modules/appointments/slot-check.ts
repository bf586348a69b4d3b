import { BOOKING_HORIZON_DAYS } from '@common/constants/platform';
import { isWithinBookingHorizon } from '@common/rules/booking-horizon';
import { SLOT_TIMES, slotInstant, withinHours } from '@common/rules/slots';
import { fromTwelveHour } from '@common/rules/zoned-time';
import type { doctors } from '../../db/schema';
import { badRequest } from '../../core/errors';

type DoctorHours = Pick<typeof doctors.$inferSelect, 'timeZone' | 'availableFrom' | 'availableTo'>;

/**
 * The instant of a bookable slot of this doctor: one of the offered times, inside the doctor's
 * hours, existing on that day, ahead of `now` and inside the booking horizon. Booking, moving an
 * appointment and proposing a new time all ask this one question; each failure is a 400 naming the field.
 */
export function bookableSlot(doctor: DoctorHours, appointmentDate: string, appointmentTime: string, now: Date): Date {
  const time = fromTwelveHour(appointmentTime);
  if (!time || !SLOT_TIMES.includes(time)) {
    throw badRequest('Please choose one of the offered time slots.', { appointmentTime: 'Not a bookable slot' });
  }
  if (!withinHours(time, doctor.availableFrom, doctor.availableTo)) {
    throw badRequest('The doctor is not available at that time. Please choose another slot.', {
      appointmentTime: "Outside the doctor's hours",
    });
  }
  const startsAt = slotInstant(appointmentDate, time, doctor.timeZone);
  if (!startsAt)
    throw badRequest('That time does not exist on that day.', { appointmentTime: 'Skipped by a clock change' });
  if (startsAt.getTime() <= now.getTime()) {
    throw badRequest('That time has already passed. Please choose a later slot.', { appointmentTime: 'In the past' });
  }
  if (!isWithinBookingHorizon(startsAt, now)) {
    throw badRequest(`Appointments can be booked up to ${BOOKING_HORIZON_DAYS} days ahead.`, {
      appointmentDate: 'Beyond the booking window',
    });
  }
  return startsAt;
}
