import { DOCTOR_SORTS, type DoctorSort } from '@common/constants/doctor-search';

/**
 * The find-doctors URL (spec §2.6: specialty, location, priceRange, q; plus country and sort) is
 * the search's one source of truth, so a search can be shared or bookmarked.
 * priceRange is "min-max" in dollars, e.g. "100-200" or "0-500".
 */
export type DoctorSearch = {
  specialty: string;
  location: string;
  country: string;
  priceRange: string;
  q: string;
  sort: DoctorSort;
};

export const EMPTY_SEARCH: DoctorSearch = {
  specialty: '',
  location: '',
  country: '',
  priceRange: '',
  q: '',
  sort: 'rating',
};

export const SORT_LABELS: Record<DoctorSort, string> = {
  rating: 'Highest rated',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  reviews: 'Most reviews',
};

export function searchFromUrl(params: URLSearchParams): DoctorSearch {
  const sort = params.get('sort') ?? '';
  return {
    specialty: params.get('specialty') ?? '',
    location: params.get('location') ?? '',
    country: params.get('country') ?? '',
    priceRange: params.get('priceRange') ?? '',
    q: params.get('q') ?? '',
    sort: (DOCTOR_SORTS as readonly string[]).includes(sort) ? (sort as DoctorSort) : 'rating',
  };
}

/** Only non-default values go into the URL, so a plain search stays a plain link. */
export function searchToUrl(search: DoctorSearch): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['specialty', 'location', 'country', 'priceRange', 'q'] as const) {
    const value = search[key].trim();
    if (value) params.set(key, value);
  }
  if (search.sort !== 'rating') params.set('sort', search.sort);
  return params;
}

/** "100-200" → minFee 100, maxFee 200; a malformed range is ignored rather than sent. */
export function parsePriceRange(range: string): { minFee?: string; maxFee?: string } {
  const match = /^(\d+(?:\.\d{1,2})?)-(\d+(?:\.\d{1,2})?)$/.exec(range.trim());
  if (!match || Number(match[1]) > Number(match[2])) return {};
  return { ...(Number(match[1]) > 0 ? { minFee: match[1] } : {}), maxFee: match[2] };
}

/** Query string for GET /api/doctors/search (fees in dollars, as the API takes them). */
export function apiSearchQuery(search: DoctorSearch, cursor?: string, limit = 12): string {
  const params = new URLSearchParams();
  for (const key of ['specialty', 'location', 'country', 'q'] as const) {
    const value = search[key].trim();
    if (value) params.set(key, value);
  }
  const { minFee, maxFee } = parsePriceRange(search.priceRange);
  if (minFee) params.set('minFee', minFee);
  if (maxFee) params.set('maxFee', maxFee);
  params.set('sort', search.sort);
  params.set('limit', String(limit));
  if (cursor) params.set('cursor', cursor);
  return params.toString();
}
