import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { NEXT_CURSOR_HEADER } from '@common/constants/doctor-search';
import type { DoctorReview, PublicDoctor, SpecialtyInfo } from '@common/schemas/doctors';
import { apiGet, ApiError } from '../../lib/api';
import { apiSearchQuery, type DoctorSearch } from './search-params';

export const PAGE_SIZE = 12;

type SearchPage = { doctors: PublicDoctor[]; nextCursor: string | null };

/** The search body is the spec's doctor list; the next page's cursor comes in a header. */
async function fetchSearchPage(search: DoctorSearch, cursor: string | undefined, limit: number): Promise<SearchPage> {
  const res = await fetch(`/api/doctors/search?${apiSearchQuery(search, cursor, limit)}`, { credentials: 'include' });
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    let message: string | undefined;
    try {
      message = (JSON.parse(text) as { message?: string }).message;
    } catch {
      // not JSON
    }
    throw new ApiError(res.status, text, res.statusText, message, undefined);
  }
  return { doctors: (await res.json()) as PublicDoctor[], nextCursor: res.headers.get(NEXT_CURSOR_HEADER) };
}

export function useDoctorSearch(search: DoctorSearch, limit = PAGE_SIZE) {
  return useInfiniteQuery({
    queryKey: ['/api/doctors/search', search, limit],
    queryFn: ({ pageParam }) => fetchSearchPage(search, pageParam, limit),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // A new search starts fresh; results may have changed since the last visit.
    staleTime: 30_000,
  });
}

export function useFeaturedDoctors(limit: number, enabled = true) {
  return useQuery<PublicDoctor[]>({
    queryKey: ['/api/doctors/featured', limit],
    queryFn: () => apiGet(`/api/doctors/featured?limit=${limit}`),
    enabled,
  });
}

export function useDoctor(id: string) {
  return useQuery<PublicDoctor>({ queryKey: ['/api/doctors', id] });
}

export function useDoctorReviews(id: string) {
  return useQuery<DoctorReview[]>({ queryKey: ['/api/doctors', id, 'reviews'] });
}

export function useSpecialties() {
  return useQuery<SpecialtyInfo[]>({ queryKey: ['/api/specialties'] });
}
