import { useQuery } from '@tanstack/react-query';
import type { Availability } from '@common/schemas/appointments';
import type { DoctorReview } from '@common/schemas/doctors';
import { localDateOf } from '@common/rules/display-time';
import { queryKeys } from '../../lib/query-keys';

export function useDoctorReviews(id: string) {
  return useQuery<DoctorReview[]>({ queryKey: queryKeys.doctors.reviews(id) });
}

/** How many of the doctor's days the doctor page shows. */
export const WEEK_DAYS = 7;

export type FreeSlot = Availability['slots'][number];

/**
 * The doctor's free slots from their today for a week, in one request. The week starts on the
 * doctor's date because the reply's dates are theirs; slots already past come back unavailable.
 * Slots change as others book, so the reply is never reused from cache.
 */
export function useWeekSlots(doctorId: string, doctorTimeZone: string) {
  const from = localDateOf(new Date(), doctorTimeZone);
  const query = useQuery<Availability>({
    queryKey: queryKeys.doctors.availabilityDays(doctorId, from, WEEK_DAYS),
    staleTime: 0,
  });
  const slots = (query.data?.slots ?? []).filter((s) => s.available);
  return { slots, isPending: query.isPending, isError: query.isError, refetch: query.refetch };
}
