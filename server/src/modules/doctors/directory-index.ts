import { sql } from 'drizzle-orm';
import type { DoctorSort } from '@common/schemas/doctors';
import type { Db } from '../../db/client';
import { listedDoctorRawSql } from '../listing/rule';
import type { Schedule } from './schedule-firsts';
import type { SearchPosition } from './search-cursor';
import type { DoctorFilters } from './search-query';

type KeyRow = {
  id: string;
  specialty: string;
  country: string;
  location: string;
  fee: number;
  rating: number;
  reviews: number;
  zone: string;
  from: string;
  to: string;
  version: string;
};

type Dimension = 'specialty' | 'country' | 'place';

/**
 * Positions into the index's arrays in one order, and that order split by specialty, by country
 * and by place: a search walks the shortest list its filters allow, so a narrow search never
 * passes over the doctors it cannot match.
 */
export type Ordered = { all: Uint32Array; parts: Record<Dimension, Uint32Array[]> };

/**
 * What availability a search judges (next-slots.ts): each doctor's next free slot as epoch
 * milliseconds (Infinity when none) before the widest window, the visitor's window end and
 * filter cutoff, and for the soonest sort the order of that window.
 */
export type IndexedAvailability = { at: Float64Array; until: number; cutoff?: number; soonest?: Ordered };

/** `order` split by the code of each position, each part keeping the order. */
function partition(order: Uint32Array, codes: Uint16Array | Uint32Array, count: number): Uint32Array[] {
  const sizes = new Uint32Array(count);
  for (const i of order) sizes[codes[i]]++;
  const parts = Array.from(sizes, (size) => new Uint32Array(size));
  const filled = new Uint32Array(count);
  for (const i of order) parts[codes[i]][filled[codes[i]]++] = i;
  return parts;
}

/** Strings of one column as small integers, so a filter compares numbers. */
class Codes {
  private readonly byValue = new Map<string, number>();
  readonly values: string[] = [];
  code(value: string): number {
    let code = this.byValue.get(value);
    if (code === undefined) {
      this.byValue.set(value, (code = this.values.length));
      this.values.push(value);
    }
    return code;
  }
  find(value: string): number | undefined {
    return this.byValue.get(value);
  }
}

/**
 * Every public doctor's filter and sort keys in typed arrays, with each sort's order worked out
 * once (decision 030). A search walks one order from the cursor, tests the filters and returns
 * the ids of a page; the cards are then read by id. Same matches and order as the search
 * statement (search-query.ts): `directory-index.test.ts` compares the two.
 */
export class DirectoryIndex {
  /** In id order, so a position's number breaks ties exactly as the id does. */
  private readonly ids: string[];
  private readonly specialty: Uint16Array;
  private readonly country: Uint16Array;
  private readonly place: Uint32Array;
  private readonly fee: Int32Array;
  private readonly rating: Float64Array;
  private readonly reviews: Int32Array;
  /** The schedule (zone and hours) of each doctor, as a position in `schedules`. */
  private readonly schedule: Uint32Array;
  readonly schedules: Schedule[];
  private readonly codes = { specialty: new Codes(), country: new Codes(), place: new Codes() };
  /** price_desc walks price_asc backwards (both end on id). */
  private readonly orders: Record<'rating' | 'reviews' | 'price_asc', Ordered>;

  private constructor(
    rows: KeyRow[],
    /** The doctors version (migration 0028) the rows were read at. */
    readonly version: string,
  ) {
    const n = rows.length;
    this.ids = new Array<string>(n);
    this.specialty = new Uint16Array(n);
    this.country = new Uint16Array(n);
    this.place = new Uint32Array(n);
    this.fee = new Int32Array(n);
    this.rating = new Float64Array(n);
    this.reviews = new Int32Array(n);
    this.schedule = new Uint32Array(n);
    const schedules = new Codes();
    rows.forEach((row, i) => {
      this.ids[i] = row.id;
      this.specialty[i] = this.codes.specialty.code(row.specialty);
      this.country[i] = this.codes.country.code(row.country);
      this.place[i] = this.codes.place.code(row.location);
      this.fee[i] = Number(row.fee);
      this.rating[i] = Number(row.rating);
      this.reviews[i] = Number(row.reviews);
      this.schedule[i] = schedules.code(JSON.stringify([row.zone, row.from, row.to]));
    });
    this.schedules = schedules.values.map((key) => {
      const [zone, from, to] = JSON.parse(key) as string[];
      return { zone, from, to };
    });
    const { rating, reviews, fee } = this;
    this.orders = {
      rating: this.ordered((a, b) => rating[b] - rating[a] || reviews[b] - reviews[a] || b - a),
      reviews: this.ordered((a, b) => reviews[b] - reviews[a] || b - a),
      price_asc: this.ordered((a, b) => fee[a] - fee[b] || a - b),
    };
  }

  static async read(db: Db): Promise<DirectoryIndex> {
    // One statement, one snapshot: the rows and the version they belong to agree, even when there
    // are no rows (the version row is always there; the doctors are joined to it).
    const result = await db.execute<KeyRow>(sql`
      select d.id, d.specialty, d.country, d.location, d.consultation_fee as fee,
        coalesce(d.average_rating, 0)::float8 as rating, d.review_count as reviews,
        d.time_zone as zone, coalesce(d.available_from, '') as "from", coalesce(d.available_to, '') as "to",
        v.doctors_version::text as version
      from directory_version v
      left join (doctors d join users u on u.id = d.user_id) on ${listedDoctorRawSql()}
      where v.id = 1
      order by d.id`);
    const all = (result as unknown as { rows: KeyRow[] }).rows;
    const version = all[0]?.version ?? '0';
    const rows = all.filter((row) => row.id !== null);
    return new DirectoryIndex(rows, version);
  }

  get size(): number {
    return this.ids.length;
  }

  idAt(i: number): string {
    return this.ids[i];
  }

  scheduleAt(i: number): number {
    return this.schedule[i];
  }

  /** The position of a doctor's id, or -1 when the doctor is not in the index. */
  positionOf(id: string): number {
    let low = 0;
    let high = this.ids.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.ids[mid] < id) low = mid + 1;
      else high = mid;
    }
    return this.ids[low] === id ? low : -1;
  }

  /** Every position in the order `compare` gives, split by each filter's value. */
  ordered(compare: (a: number, b: number) => number): Ordered {
    const all = Uint32Array.from({ length: this.size }, (_, i) => i).sort(compare);
    return {
      all,
      parts: {
        specialty: partition(all, this.specialty, this.codes.specialty.values.length),
        country: partition(all, this.country, this.codes.country.values.length),
        place: partition(all, this.place, this.codes.place.values.length),
      },
    };
  }

  /**
   * Ids of up to `limit` matching doctors after `position`, in the sort's order. The soonest sort
   * and an availability filter need `availability`.
   */
  search(
    filters: DoctorFilters,
    sort: DoctorSort,
    limit: number,
    position?: SearchPosition,
    availability?: IndexedAvailability,
  ): string[] {
    const test = this.matcher(filters, availability);
    if (!test) return [];
    const ordered =
      sort === 'soonest' ? availability?.soonest : this.orders[sort === 'price_desc' ? 'price_asc' : sort];
    if (!ordered) throw new Error('The soonest sort needs the next free slots');
    const order = this.shortestList(ordered, filters);
    const n = order.length;
    const at = sort === 'price_desc' ? (k: number) => order[n - 1 - k] : (k: number) => order[k];
    // In a price order the fee range is one stretch: skip to its start and stop at its end.
    const min = filters.minFee ?? -Infinity;
    const max = filters.maxFee ?? Infinity;
    const beforeRange =
      sort === 'price_asc'
        ? (i: number) => this.fee[i] < min
        : sort === 'price_desc'
          ? (i: number) => this.fee[i] > max
          : null;
    const pastRange =
      sort === 'price_asc'
        ? (i: number) => this.fee[i] > max
        : sort === 'price_desc'
          ? (i: number) => this.fee[i] < min
          : null;
    const after = position ? this.comesAfter(sort, position, availability) : null;
    // The list is sorted by the cursor's own keys (and, for prices, by fee), so "after the cursor
    // and inside the range" holds from one point on: find it by halving.
    const started = (i: number) => (!after || after(i)) && (!beforeRange || !beforeRange(i));
    let low = 0;
    if (after || beforeRange) {
      let high = n;
      while (low < high) {
        const mid = (low + high) >>> 1;
        if (started(at(mid))) high = mid;
        else low = mid + 1;
      }
    }
    const found: string[] = [];
    for (let k = low; k < n && found.length < limit; k++) {
      const i = at(k);
      if (pastRange?.(i)) break;
      if (test(i)) found.push(this.ids[i]);
    }
    return found;
  }

  /** The order itself, or its part for the filter that leaves the fewest doctors. */
  private shortestList({ all, parts }: Ordered, filters: DoctorFilters): Uint32Array {
    const candidates = [all];
    const specialty = filters.specialty === undefined ? undefined : this.codes.specialty.find(filters.specialty);
    const country = filters.country === undefined ? undefined : this.codes.country.find(filters.country);
    const place = filters.places?.length === 1 ? this.codes.place.find(filters.places[0]) : undefined;
    if (specialty !== undefined) candidates.push(parts.specialty[specialty]);
    if (country !== undefined) candidates.push(parts.country[country]);
    if (place !== undefined) candidates.push(parts.place[place]);
    return candidates.reduce((a, b) => (b.length < a.length ? b : a));
  }

  /** A test per doctor for the filters, or null when a filter names nothing any doctor has. */
  private matcher(filters: DoctorFilters, availability?: IndexedAvailability): ((i: number) => boolean) | null {
    const specialty = filters.specialty === undefined ? -1 : this.codes.specialty.find(filters.specialty);
    const country = filters.country === undefined ? -1 : this.codes.country.find(filters.country);
    if (specialty === undefined || country === undefined) return null;
    let places: Set<number> | null = null;
    if (filters.places) {
      places = new Set(filters.places.map((p) => this.codes.place.find(p)).filter((c) => c !== undefined));
      if (!places.size) return null;
    }
    const min = filters.minFee ?? -Infinity;
    const max = filters.maxFee ?? Infinity;
    const cutoff = availability?.cutoff ?? Infinity;
    const nextAt = availability?.at;
    if (cutoff !== Infinity && !nextAt) throw new Error('An availability filter needs the next free slots');
    return (i) =>
      (specialty < 0 || this.specialty[i] === specialty) &&
      (country < 0 || this.country[i] === country) &&
      this.fee[i] >= min &&
      this.fee[i] <= max &&
      (places === null || places.has(this.place[i])) &&
      (cutoff === Infinity || nextAt![i] < cutoff);
  }

  /** Whether doctor `i` comes after the cursor: the row comparisons of search-query.ts `after`. */
  private comesAfter(
    sort: DoctorSort,
    position: SearchPosition,
    availability?: IndexedAvailability,
  ): (i: number) => boolean {
    // uuid order is the order of the lower-case text; a cursor may carry upper case.
    const id = position.id.toLowerCase();
    const idAfter = (i: number, descending: boolean) => (descending ? this.ids[i] < id : this.ids[i] > id);
    switch (position.sort) {
      case 'rating': {
        const { rating, reviews } = position;
        return (i) =>
          this.rating[i] < rating ||
          (this.rating[i] === rating &&
            (this.reviews[i] < reviews || (this.reviews[i] === reviews && idAfter(i, true))));
      }
      case 'reviews': {
        const { reviews } = position;
        return (i) => this.reviews[i] < reviews || (this.reviews[i] === reviews && idAfter(i, true));
      }
      case 'price_asc':
      case 'price_desc': {
        const { fee } = position;
        return sort === 'price_asc'
          ? (i) => this.fee[i] > fee || (this.fee[i] === fee && idAfter(i, false))
          : (i) => this.fee[i] < fee || (this.fee[i] === fee && idAfter(i, true));
      }
      case 'soonest': {
        const { at, until } = availability!;
        const cursorAt = position.at === null ? Infinity : Date.parse(position.at);
        const key = (i: number) => (at[i] < until ? at[i] : Infinity);
        return (i) => key(i) > cursorAt || (key(i) === cursorAt && idAfter(i, false));
      }
    }
  }
}
