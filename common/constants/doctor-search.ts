// Zod-free, so the client can import these values without pulling the schema library in.
export const DOCTOR_SORTS = ['rating', 'price_asc', 'price_desc', 'reviews', 'soonest'] as const;
export type DoctorSort = (typeof DOCTOR_SORTS)[number];
export const DEFAULT_PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 50;
/** Response header that carries the cursor of the next page of a search (absent on the last). */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';
/** The landing page's price ranges, in dollars; "$500+" needs a finite top for range queries. */
export const HOME_PRICE_RANGES = [
  { label: '$50-100', value: '50-100' },
  { label: '$100-200', value: '100-200' },
  { label: '$200-500', value: '200-500' },
  { label: '$500+', value: '500-9999' },
] as const;
/** The find-doctors maximum fee options, in dollars. */
export const MAX_FEE_OPTIONS = [100, 200, 500, 1000] as const;

/** How many of the visitor's days ahead the directory looks for a doctor's next free slot. */
export const NEXT_AVAILABLE_DAYS = 7;
/** The find-doctors availability filter: a free slot before the start of the visitor's day today + `days`. */
export const AVAILABILITY_WINDOWS = [
  { value: 'today', label: 'Available today', days: 1 },
  { value: '3days', label: 'Within 3 days', days: 3 },
  { value: 'week', label: 'This week', days: 7 },
] as const;
export type AvailabilityWindow = (typeof AVAILABILITY_WINDOWS)[number]['value'];
export const AVAILABILITY_WINDOW_VALUES = AVAILABILITY_WINDOWS.map((w) => w.value) as [
  AvailabilityWindow,
  ...AvailabilityWindow[],
];
