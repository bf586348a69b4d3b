import { sql } from 'drizzle-orm';
import type { DoctorSort } from '@common/schemas/doctors';
import type { Db } from '../../db/client';
import type { SearchPosition } from './search-cursor';
import type { DoctorFilters } from './search-query';

/** The sorts the index orders by; `soonest` moves with time and bookings and stays in SQL. */
export type IndexedSort = Exclude<DoctorSort, 'soonest'>;
export const isIndexedSort = (sort: DoctorSort): sort is IndexedSort => sort !== 'soonest';

type KeyRow = {
  id: string;
  specialty: string;
  country: string;
  location: string;
  fee: number;
  rating: number;
  reviews: number;
  version: string;
};

type OrderName = 'rating' | 'reviews' | 'price_asc';
type Dimension = 'specialty' | 'country' | 'place';

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
  code(value: string): number {
    let code = this.byValue.get(value);
    if (code === undefined) this.byValue.set(value, (code = this.byValue.size));
    return code;
  }
  find(value: string): number | undefined {
    return this.byValue.get(value);
  }
  get size(): number {
    return this.byValue.size;
  }
}

/**
 * Every public doctor's filter and sort keys in typed arrays, with each sort's order worked out
 * once (decision 030). A search walks one order from the cursor, tests the filters and returns
 * the ids of a page; the cards are then read by id. Same matches and order as the search
 * statement (search-query.ts): `directory-index.test.ts` compares the two.
 */
export class DirectoryIndex {
  private readonly ids: string[];
  private readonly specialty: Uint16Array;
  private readonly country: Uint16Array;
  private readonly place: Uint32Array;
  private readonly fee: Int32Array;
  private readonly rating: Float64Array;
  private readonly reviews: Int32Array;
  private readonly codes = { specialty: new Codes(), country: new Codes(), place: new Codes() };
  /** Positions into the arrays, best first; price_desc walks price_asc backwards (both end on id). */
  private readonly orders: Record<OrderName, Uint32Array>;
  /**
   * Each order split by specialty, by country and by place: a search walks the shortest list its
   * filters allow, so a narrow search never passes over the doctors it cannot match.
   */
  private readonly parts: Record<OrderName, Record<Dimension, Uint32Array[]>>;

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
    // Rows arrive in id order, so a position's number breaks ties exactly as the id does.
    rows.forEach((row, i) => {
      this.ids[i] = row.id;
      this.specialty[i] = this.codes.specialty.code(row.specialty);
      this.country[i] = this.codes.country.code(row.country);
      this.place[i] = this.codes.place.code(row.location);
      this.fee[i] = row.fee;
      this.rating[i] = row.rating;
      this.reviews[i] = row.reviews;
    });
    const all = () => Uint32Array.from({ length: n }, (_, i) => i);
    const { rating, reviews, fee } = this;
    this.orders = {
      rating: all().sort((a, b) => rating[b] - rating[a] || reviews[b] - reviews[a] || b - a),
      reviews: all().sort((a, b) => reviews[b] - reviews[a] || b - a),
      price_asc: all().sort((a, b) => fee[a] - fee[b] || a - b),
    };
    const split = (order: Uint32Array) => ({
      specialty: partition(order, this.specialty, this.codes.specialty.size),
      country: partition(order, this.country, this.codes.country.size),
      place: partition(order, this.place, this.codes.place.size),
    });
    this.parts = {
      rating: split(this.orders.rating),
      reviews: split(this.orders.reviews),
      price_asc: split(this.orders.price_asc),
    };
  }

  static async read(db: Db): Promise<DirectoryIndex> {
    // One statement, one snapshot: the rows and the version they belong to agree.
    const result = await db.execute<KeyRow>(sql`
      select d.id, d.specialty, d.country, d.location, d.consultation_fee as fee,
        coalesce(d.average_rating, 0)::float8 as rating, d.review_count as reviews,
        v.doctors_version::text as version
      from doctors d
      join users u on u.id = d.user_id
      cross join directory_version v
      where d.is_verified and d.is_active and u.is_active and v.id = 1
      order by d.id`);
    const rows = (result as unknown as { rows: KeyRow[] }).rows;
    let version = rows[0]?.version;
    if (version === undefined) {
      const empty = await db.execute<{ version: string }>(
        sql`select doctors_version::text as version from directory_version where id = 1`,
      );
      version = (empty as unknown as { rows: { version: string }[] }).rows[0]?.version ?? '0';
    }
    return new DirectoryIndex(
      rows.map((r) => ({ ...r, fee: Number(r.fee), rating: Number(r.rating), reviews: Number(r.reviews) })),
      version,
    );
  }

  get size(): number {
    return this.ids.length;
  }

  /** Ids of up to `limit` matching doctors after `position`, in the sort's order. */
  search(filters: DoctorFilters, sort: IndexedSort, limit: number, position?: SearchPosition): string[] {
    const test = this.matcher(filters);
    if (!test) return [];
    const name: OrderName = sort === 'price_desc' ? 'price_asc' : sort;
    const order = this.shortestList(name, filters);
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
    const after = position ? this.comesAfter(sort, position) : null;
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
  private shortestList(name: OrderName, filters: DoctorFilters): Uint32Array {
    const parts = this.parts[name];
    const candidates = [this.orders[name]];
    const specialty = filters.specialty === undefined ? undefined : this.codes.specialty.find(filters.specialty);
    const country = filters.country === undefined ? undefined : this.codes.country.find(filters.country);
    const place = filters.places?.length === 1 ? this.codes.place.find(filters.places[0]) : undefined;
    if (specialty !== undefined) candidates.push(parts.specialty[specialty]);
    if (country !== undefined) candidates.push(parts.country[country]);
    if (place !== undefined) candidates.push(parts.place[place]);
    return candidates.reduce((a, b) => (b.length < a.length ? b : a));
  }

  /** A test per doctor for the filters, or null when a filter names nothing any doctor has. */
  private matcher(filters: DoctorFilters): ((i: number) => boolean) | null {
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
    return (i) =>
      (specialty < 0 || this.specialty[i] === specialty) &&
      (country < 0 || this.country[i] === country) &&
      this.fee[i] >= min &&
      this.fee[i] <= max &&
      (places === null || places.has(this.place[i]));
  }

  /** Whether doctor `i` comes after the cursor: the row comparisons of search-query.ts `after`. */
  private comesAfter(sort: IndexedSort, position: SearchPosition): (i: number) => boolean {
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
      default:
        throw new Error(`A ${position.sort} cursor cannot page a ${sort} search`);
    }
  }
}

/**
 * The index for the current doctors version, built in the background: a search asks for it and,
 * while it is missing or older than the directory, is answered by the search statement instead,
 * so nothing is ever served from an old index.
 */
export class DirectoryIndexHolder {
  private current: DirectoryIndex | null = null;
  private building: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  /** The index at `doctorsVersion`, or null (and a build starts) when there is none yet. */
  at(doctorsVersion: string): DirectoryIndex | null {
    if (this.current?.version === doctorsVersion) return this.current;
    this.building ??= DirectoryIndex.read(this.db)
      .then((index) => {
        this.current = index;
      }, this.onError)
      .finally(() => {
        this.building = null;
      });
    return null;
  }

  /** Resolves when the build under way (if any) is over; for tests and start-up warming. */
  async settled(): Promise<void> {
    await this.building;
  }
}
