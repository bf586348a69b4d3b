import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { NEXT_CURSOR_HEADER } from '@common/constants/doctor-search';
import type { PublicDoctor } from '@common/schemas/doctors';
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
