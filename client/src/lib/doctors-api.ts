import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { NEXT_CURSOR_HEADER } from '@common/constants/doctor-search';
import type { Availability } from '@common/schemas/appointments';
import type { PublicDoctor } from '@common/schemas/doctors';
import { localDateOf } from '@common/rules/display-time';
import { apiGet, apiGetWithHeaders } from './api';
import { apiSearchQuery, type DoctorSearch } from './doctor-search-query';
import { queryKeys } from './query-keys';

/** Doctor queries shared by find-doctors, home's featured row and booking's doctor grid. */

export const PAGE_SIZE = 12;

type SearchPage = { doctors: PublicDoctor[]; nextCursor: string | null };

/** The search body is the doctor list; the next page's cursor comes in a header. */
async function fetchSearchPage(search: DoctorSearch, cursor: string | undefined, limit: number): Promise<SearchPage> {
  const { data, headers } = await apiGetWithHeaders<PublicDoctor[]>(
    `/api/doctors/search?${apiSearchQuery(search, cursor, limit)}`,
  );
  return { doctors: data, nextCursor: headers.get(NEXT_CURSOR_HEADER) };
}

export function useDoctorSearch(search: DoctorSearch, limit = PAGE_SIZE) {
  return useInfiniteQuery({
    queryKey: queryKeys.doctors.search(search, limit),
    queryFn: ({ pageParam }) => fetchSearchPage(search, pageParam, limit),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // A new search starts fresh; results may have changed since the last visit.
    staleTime: 30_000,
  });
}

export function useFeaturedDoctors(limit: number, enabled = true) {
  return useQuery<PublicDoctor[]>({
    queryKey: queryKeys.doctors.featured(limit),
    queryFn: () => apiGet(`/api/doctors/featured?limit=${limit}`),
    enabled,
  });
}

/** One doctor's public profile: the profile screen and the booking screen read the same entry. */
export function useDoctor(id: string) {
  return useQuery<PublicDoctor>({ queryKey: queryKeys.doctors.one(id) });
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
