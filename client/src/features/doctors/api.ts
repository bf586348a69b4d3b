import { useInfiniteQuery } from '@tanstack/react-query';
import { NEXT_CURSOR_HEADER } from '@common/constants/doctor-search';
import { doctorReviewListSchema, REVIEW_PAGE_SIZE } from '@common/schemas/doctors';
import { endpoint } from '../../lib/endpoint';
import { queryKeys } from '../../lib/query-keys';

const getReviews = endpoint('GET', '/api/doctors/:id/reviews', doctorReviewListSchema);

/** A doctor's reviews, newest first, a page at a time (the next page's cursor is a header). */
export function useDoctorReviews(id: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.doctors.reviews(id),
    queryFn: async ({ pageParam }) => {
      const { data, headers } = await getReviews.sendWithHeaders({
        params: { id },
        query: { limit: REVIEW_PAGE_SIZE, cursor: pageParam },
      });
      return { reviews: data, nextCursor: headers.get(NEXT_CURSOR_HEADER) };
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
