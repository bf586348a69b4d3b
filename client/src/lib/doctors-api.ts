import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ConsultationType } from '@common/constants/consultation-types';
import { NEXT_CURSOR_HEADER } from '@common/constants/doctor-search';
import type { Availability } from '@common/schemas/availability';
import type { PublicDoctor } from '@common/schemas/doctors';
import { localDateOf } from '@common/rules/display-time';
import { apiSearchQuery, type DoctorSearch } from './doctor-search-query';
import { endpoint } from './endpoint';
import { queryKeys } from './query-keys';

/** Doctor queries shared by find-doctors, home's featured row, the doctor page and booking. */

// The schemas come with the request (the landing page and the doctor page start without zod).
const doctorSchemas = () => import('@common/schemas/doctors');
const searchDoctors = endpoint('GET', '/api/doctors/search', () =>
  doctorSchemas().then((m) => m.publicDoctorListSchema),
);
const getFeaturedDoctors = endpoint('GET', '/api/doctors/featured', () =>
  doctorSchemas().then((m) => m.publicDoctorListSchema),
);
const getDoctor = endpoint('GET', '/api/doctors/:id', () => doctorSchemas().then((m) => m.publicDoctorSchema));
const getAvailability = endpoint('GET', '/api/doctors/:id/availability', () =>
  import('@common/schemas/availability').then((m) => m.availabilitySchema),
);

export const PAGE_SIZE = 12;

type SearchPage = { doctors: PublicDoctor[]; nextCursor: string | null };

/** The search body is the doctor list; the next page's cursor comes in a header. */
async function fetchSearchPage(search: DoctorSearch, cursor: string | undefined, limit: number): Promise<SearchPage> {
  const { data, headers } = await searchDoctors.sendWithHeaders({
    query: Object.fromEntries(new URLSearchParams(apiSearchQuery(search, cursor, limit))),
  });
  return { doctors: data, nextCursor: headers.get(NEXT_CURSOR_HEADER) };
}

/** How many top-rated doctors the landing page shows. */
export const LANDING_FEATURED = 6;

export const featuredDoctorsQuery = (limit: number) =>
  queryOptions({
    queryKey: queryKeys.doctors.featured(limit),
    queryFn: () => getFeaturedDoctors.send({ query: { limit } }),
  });

/** One doctor's public profile: the profile screen and the booking screen read the same entry. */
export const doctorQuery = (id: string) =>
  queryOptions({ queryKey: queryKeys.doctors.one(id), queryFn: () => getDoctor.send({ params: { id } }) });

/**
 * A doctor's slots on `date` (their local date), or on `days` dates from it; `type` picks the
 * visit kind whose length the slots take (the server's default is video). Slots change as others
 * book, so the reply is never reused from cache.
 */
export const availabilityQuery = (
  doctorId: string,
  date: string,
  { days, type }: { days?: number; type?: ConsultationType } = {},
) =>
  queryOptions({
    queryKey:
      days === undefined
        ? queryKeys.doctors.availability(doctorId, date, type)
        : queryKeys.doctors.availabilityDays(doctorId, date, days, type),
    queryFn: (): Promise<Availability> =>
      getAvailability.send({ params: { id: doctorId }, query: { date, days, type } }),
    staleTime: 0,
  });

/** A search's pages, by cursor: the find-doctors screen and its first query on a page load. */
export const doctorSearchQuery = (search: DoctorSearch, limit = PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: queryKeys.doctors.search(search, limit),
    queryFn: ({ pageParam }) => fetchSearchPage(search, pageParam, limit),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // A new search starts fresh; results may have changed since the last visit.
    staleTime: 30_000,
  });

export function useDoctorSearch(search: DoctorSearch, limit = PAGE_SIZE) {
  return useInfiniteQuery(doctorSearchQuery(search, limit));
}

export function useFeaturedDoctors(limit: number, enabled = true) {
  return useQuery({ ...featuredDoctorsQuery(limit), enabled });
}

export function useDoctor(id: string) {
  return useQuery(doctorQuery(id));
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
  const query = useQuery(availabilityQuery(doctorId, from, { days: WEEK_DAYS }));
  const slots = (query.data?.slots ?? []).filter((s) => s.available);
  return { slots, isPending: query.isPending, isError: query.isError, refetch: query.refetch };
}
