import {
  AVAILABILITY_WINDOW_VALUES,
  DOCTOR_SORTS,
  type AvailabilityWindow,
  type DoctorSort,
} from '@common/constants/doctor-search';
import type { ClientMessageKey } from '@common/i18n/keys';
import type { DoctorSearch } from '../../lib/doctor-search-query';

/*
 * The find-doctors URL (specialty, location, priceRange, q; plus country, language, available and sort) is the search's
 * one source of truth, so a search can be shared or bookmarked.
 */

export const SORT_LABELS: Record<DoctorSort, ClientMessageKey> = {
  rating: 'doctors.sort.rating',
  price_asc: 'doctors.sort.priceAsc',
  price_desc: 'doctors.sort.priceDesc',
  reviews: 'doctors.sort.reviews',
  soonest: 'doctors.sort.soonest',
};

export function searchFromUrl(params: URLSearchParams): DoctorSearch {
  const sort = params.get('sort') ?? '';
  const available = params.get('available') ?? '';
  return {
    specialty: params.get('specialty') ?? '',
    location: params.get('location') ?? '',
    country: params.get('country') ?? '',
    language: params.get('language') ?? '',
    priceRange: params.get('priceRange') ?? '',
    q: params.get('q') ?? '',
    sort: (DOCTOR_SORTS as readonly string[]).includes(sort) ? (sort as DoctorSort) : 'rating',
    available: (AVAILABILITY_WINDOW_VALUES as readonly string[]).includes(available)
      ? (available as AvailabilityWindow)
      : '',
  };
}

/** Only non-default values go into the URL, so a plain search stays a plain link. */
export function searchToUrl(search: DoctorSearch): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['specialty', 'location', 'country', 'language', 'priceRange', 'q'] as const) {
    const value = search[key].trim();
    if (value) params.set(key, value);
  }
  if (search.available) params.set('available', search.available);
  if (search.sort !== 'rating') params.set('sort', search.sort);
  return params;
}
