/**
 * A realistic mix of find-doctors searches: plain browsing, each filter alone and combined, every
 * sort, free text of each kind (specialty, city, country, unknown place) and deep pages.
 * `pages` > 1 means the request carries the cursor of that page (a "Load More" click).
 */
export type BenchQuery = { query: Record<string, string>; pages?: number };

export const QUERY_MIX: BenchQuery[] = [
  { query: {} },
  { query: { sort: 'price_asc' } },
  { query: { specialty: 'Cardiology' } },
  { query: { specialty: 'Dermatology', sort: 'price_asc' } },
  { query: { specialty: 'Pediatrics', sort: 'reviews' } },
  { query: { country: 'Nigeria', sort: 'reviews' } },
  { query: { country: 'India', specialty: 'Neurology', maxFee: '200' } },
  { query: { location: 'London' } },
  { query: { location: 'san', sort: 'price_desc' } },
  { query: { minFee: '100', maxFee: '200' } },
  { query: { minFee: '500', maxFee: '9999' } },
  { query: { maxFee: '100', sort: 'rating' } },
  { query: { q: 'cardio' } },
  { query: { q: 'Lagos' } },
  { query: { q: 'Kenya', sort: 'price_asc' } },
  { query: { q: 'Springfield' } },
  { query: { country: 'Germany', location: 'Berlin', sort: 'price_asc' } },
  { query: { specialty: 'Psychiatry', minFee: '100', maxFee: '200', sort: 'price_desc' } },
  { query: { specialty: 'Neurology', sort: 'price_asc' }, pages: 3 },
  { query: {}, pages: 5 },
];

/**
 * The availability filters and the soonest sort (decision 025), each measured as its own row:
 * visitors in several zones, alone and with the filters they are usually combined with.
 */
const VISITORS: Record<string, string>[] = [
  { timeZone: 'Europe/London' },
  { timeZone: 'America/New_York', specialty: 'Cardiology' },
  { timeZone: 'Asia/Kolkata', country: 'India' },
  { timeZone: 'Africa/Lagos', sort: 'price_asc', maxFee: '200' },
  { timeZone: 'Australia/Sydney', location: 'London' },
  { timeZone: 'UTC', q: 'derma' },
];

/** Each row's name is the query it adds to every search of the row. */
export const AVAILABILITY_ROWS: { name: string; mix: BenchQuery[] }[] = [
  'available=today',
  'available=3days',
  'available=week',
  'sort=soonest',
].map((name) => ({
  name,
  mix: VISITORS.map((query) => ({ query: { ...query, ...Object.fromEntries(new URLSearchParams(name)) } })),
}));
