import { useInfiniteQuery } from '@tanstack/react-query';
import { NEXT_CURSOR_HEADER } from '@common/constants/doctor-search';
import { REVIEW_PAGE_SIZE, type DoctorReview } from '@common/schemas/doctors';
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
