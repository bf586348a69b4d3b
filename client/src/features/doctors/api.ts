import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { NEXT_CURSOR_HEADER } from '@common/constants/doctor-search';
import type { Availability } from '@common/schemas/appointments';
import { REVIEW_PAGE_SIZE, type DoctorReview } from '@common/schemas/doctors';
import { localDateOf } from '@common/rules/display-time';
import { apiGetWithHeaders } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/** A doctor's reviews, newest first, a page at a time (the next page's cursor is a header). */
export function useDoctorReviews(id: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.doctors.reviews(id),
    queryFn: async ({ pageParam }) => {
      const query = new URLSearchParams({ limit: String(REVIEW_PAGE_SIZE) });
      if (pageParam) query.set('cursor', pageParam);
      const { data, headers } = await apiGetWithHeaders<DoctorReview[]>(`/api/doctors/${id}/reviews?${query}`);
      return { reviews: data, nextCursor: headers.get(NEXT_CURSOR_HEADER) };
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
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
