import type { AvailabilityWindow, DoctorSort } from '@common/constants/doctor-search';
import { localTimeZone } from '@common/rules/display-time';

/**
 * One doctor search: what the find-doctors URL holds and what GET /api/doctors/search is asked.
 * priceRange is "min-max" in dollars, e.g. "100-200" or "0-500".
 */
export type DoctorSearch = {
  specialty: string;
  location: string;
  country: string;
  /** A language the doctor speaks (its English name), '' for any. */
  language: string;
  priceRange: string;
  q: string;
  sort: DoctorSort;
  /** '' for any time. */
  available: AvailabilityWindow | '';
};

export const EMPTY_SEARCH: DoctorSearch = {
  specialty: '',
  location: '',
  country: '',
  language: '',
  priceRange: '',
  q: '',
  sort: 'rating',
  available: '',
};

/** "100-200" → minFee 100, maxFee 200; a malformed range is ignored rather than sent. */
export function parsePriceRange(range: string): { minFee?: string; maxFee?: string } {
  const match = /^(\d+(?:\.\d{1,2})?)-(\d+(?:\.\d{1,2})?)$/.exec(range.trim());
  if (!match || Number(match[1]) > Number(match[2])) return {};
  return { ...(Number(match[1]) > 0 ? { minFee: match[1] } : {}), maxFee: match[2] };
}

/**
 * Query string for GET /api/doctors/search (fees in dollars, as the API takes them). The visitor's
 * zone goes along: "available today" and each card's next free slot are the visitor's days.
 */
export function apiSearchQuery(search: DoctorSearch, cursor?: string, limit = 12, timeZone = localTimeZone()): string {
  const params = new URLSearchParams();
  for (const key of ['specialty', 'location', 'country', 'language', 'q'] as const) {
    const value = search[key].trim();
    if (value) params.set(key, value);
  }
  const { minFee, maxFee } = parsePriceRange(search.priceRange);
  if (minFee) params.set('minFee', minFee);
  if (maxFee) params.set('maxFee', maxFee);
  if (search.available) params.set('available', search.available);
  params.set('sort', search.sort);
  params.set('timeZone', timeZone);
  params.set('limit', String(limit));
  if (cursor) params.set('cursor', cursor);
  return params.toString();
}
