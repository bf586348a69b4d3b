import type { PublicDoctor } from '@common/schemas/doctors';

export const doctorName = (doctor: Pick<PublicDoctor, 'user'>) =>
  `Dr. ${doctor.user.firstName} ${doctor.user.lastName}`;

/** A doctor without reviews shows the default rating 5.0. */
export const ratingText = (doctor: Pick<PublicDoctor, 'averageRating'>) => (doctor.averageRating ?? 5).toFixed(1);

export const placeText = (doctor: Pick<PublicDoctor, 'location' | 'country'>) =>
  [doctor.location, doctor.country].filter(Boolean).join(', ');

export const bookingUrl = (doctorId: string) => `/book-appointment?doctorId=${encodeURIComponent(doctorId)}`;
