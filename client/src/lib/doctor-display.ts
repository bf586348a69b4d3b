import { localDateOf } from '@common/rules/display-time';
import type { PublicDoctor } from '@common/schemas/doctors';

export const doctorName = (doctor: Pick<PublicDoctor, 'user'>) =>
  `Dr. ${doctor.user.firstName} ${doctor.user.lastName}`;

/** A doctor without reviews shows the default rating 5.0. */
export const ratingText = (doctor: Pick<PublicDoctor, 'averageRating'>) => (doctor.averageRating ?? 5).toFixed(1);

/** "Lagos, Nigeria" in English; converted screens use useFormats().place, in the viewer's language. */
export const placeText = (doctor: Pick<PublicDoctor, 'location' | 'country'>) =>
  [doctor.location, doctor.country].filter(Boolean).join(', ');

export const bookingUrl = (doctorId: string) => `/book-appointment?doctorId=${encodeURIComponent(doctorId)}`;

/**
 * Booking on the visitor's own date (`date`, the booking form's day) with one slot preselected
 * (`start`, the slot's instant); without `start` the day is open and no time is chosen.
 */
export const slotBookingUrl = (doctorId: string, startsAt: string, withStart = true) =>
  `${bookingUrl(doctorId)}&date=${localDateOf(startsAt)}${withStart ? `&start=${encodeURIComponent(startsAt)}` : ''}`;
