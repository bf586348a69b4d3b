import { foldName, nameMatches } from '@common/rules/name-match';
import { ratingRank } from '@common/rules/rating-rank';
import type { Absence } from '@common/rules/schedule-slots';
import type { DoctorSort } from '@common/schemas/doctors';
import type { Schedule } from '@common/schemas/schedule';
import type { SearchPosition } from './search-cursor';
import type { DoctorFilters } from './search-query';

/** One listed doctor's filter and sort keys, as the engine reads them (directory-search.ts). */
export type KeyRow = {
  id: string;
  specialty: string;
  country: string;
  location: string;
  /** The doctor's first and last name, as their account has it. */
  name: string;
  /** The languages the doctor speaks (English names). */
  languages: readonly string[];
  fee: number;
  rating: number;
  reviews: number;
  zone: string;
  /** The doctor's week and slot rules (their saved schedule, or the one their old hours give). */
  schedule: Schedule;
  /** Every range of time off the doctor has; the engine picks the ones its window meets. */
  timeOff: readonly Absence[];
};

/**
 * What a doctor's free video slots depend on besides their bookings and time off. Doctors sharing
 * one share its first slot, worked out once (next-slots.ts).
 */
export type SlotRules = { zone: string; schedule: Schedule };

/**
 * Equal for two doctors exactly when their free video slots are (voice and in-person lengths
 * aside). `week` names the weekdays' ranges by their shared copies (see SharedDays): a JSON
 * signature of the whole week was some 400 characters, held for each of 42,000 distinct schedules.
 */
const signatureOf = (zone: string, week: string, s: Schedule) =>
  [zone, week, s.visitMinutes.video, s.bufferMinutes, s.minNoticeMinutes, s.horizonDays, s.dailyCap].join('|');

/** An empty list every slot without time off or languages shares. */
const NONE: readonly never[] = Object.freeze([]);

/**
 * One frozen copy of each distinct value, by key, and a number for it. At 100,000 doctors the index
 * held some 300,000 opening-hour ranges and 94,000 language lists as objects of their own, a third
 * of its heap (heap snapshot, bench/search, 2026-12-04); the distinct ones number in the hundreds.
 */
class Shared<T extends object> {
  private readonly kept = new Map<string, { value: T; id: number }>();
  constructor(private readonly keyOf: (value: T) => string) {}
  of(value: T): { value: T; id: number } {
    const key = this.keyOf(value);
    let kept = this.kept.get(key);
    if (!kept) this.kept.set(key, (kept = { value: Object.freeze(value), id: this.kept.size }));
    return kept;
  }
}

type DayRanges = Schedule['weekly'][keyof Schedule['weekly']];

/** A week whose days' ranges are the shared copies (the rules are read, never changed), and its key. */
class SharedDays {
  private readonly days = new Shared<DayRanges>((ranges) => ranges.map((r) => `${r.start}-${r.end}`).join());
  of(weekly: Schedule['weekly']): { weekly: Schedule['weekly']; key: string } {
    const shared = Object.entries(weekly).map(
      ([day, ranges]) => [day, this.days.of(ranges.map((range) => Object.freeze(range)))] as const,
    );
    return {
      weekly: Object.fromEntries(shared.map(([day, { value }]) => [day, value])) as Schedule['weekly'],
      key: shared.map(([day, { id }]) => `${day}${id}`).join(),
    };
  }
}

type Dimension = 'specialty' | 'country' | 'place';

/**
 * Slots (positions into the index's arrays) kept sorted by one comparison, patched in place: a
 * doctor leaves with the keys it was inserted with and comes back with its new ones, each a
 * halving search and one move of the tail (a few microseconds at 100,000).
 */
export class SortedList {
  private items: Uint32Array;
  private count: number;

  constructor(items: Uint32Array = new Uint32Array(8), count = items.length) {
    this.items = items;
    this.count = count;
  }

  get length(): number {
    return this.count;
  }

  /** The slots in order (a view, valid until the next change). */
  view(): Uint32Array {
    return this.items.subarray(0, this.count);
  }

  /** The first place whose slot does not come before `slot`. */
  private placeOf(slot: number, compare: (a: number, b: number) => number): number {
    let low = 0;
    let high = this.count;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (compare(this.items[mid], slot) < 0) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  insert(slot: number, compare: (a: number, b: number) => number): void {
    const at = this.placeOf(slot, compare);
    if (this.count === this.items.length) {
      const grown = new Uint32Array(Math.max(8, this.items.length * 2));
      grown.set(this.items);
      this.items = grown;
    }
    this.items.copyWithin(at + 1, at, this.count);
    this.items[at] = slot;
    this.count++;
  }

  /** Removes `slot`, found by the keys it was inserted with. */
  remove(slot: number, compare: (a: number, b: number) => number): void {
    let at = this.placeOf(slot, compare);
    // Every order is total (the id breaks ties), so the slot is there unless a key changed unseen.
    if (this.items[at] !== slot) at = this.view().indexOf(slot);
    if (at < 0) return;
    this.items.copyWithin(at, at + 1, this.count);
    this.count--;
  }
}

/**
 * Slots in one order, and that order split by specialty, by country and by place: a search walks
 * the shortest list its filters allow, so a narrow search never passes over the doctors it cannot
 * match.
 */
export type Ordered = {
  all: SortedList;
  parts: Record<Dimension, SortedList[]>;
  compare: (a: number, b: number) => number;
};

/**
 * What availability a search judges (next-slots.ts): each doctor's next free slot as epoch
 * milliseconds (Infinity when none) before the widest window, the visitor's window end and
 * filter cutoff, and for the soonest sort the order of that window.
 */
export type IndexedAvailability = { at: Float64Array; until: number; cutoff?: number; soonest?: Ordered };

/** Strings of one column as small integers, so a filter compares numbers; counts say which are in use. */
class Codes {
  private readonly byValue = new Map<string, number>();
  readonly values: string[] = [];
  readonly counts: number[] = [];
  code(value: string): number {
    let code = this.byValue.get(value);
    if (code === undefined) {
      this.byValue.set(value, (code = this.values.length));
      this.values.push(value);
      this.counts.push(0);
    }
    return code;
  }
  find(value: string): number | undefined {
    return this.byValue.get(value);
  }
  inUse(): string[] {
    return this.values.filter((_, code) => this.counts[code] > 0);
  }
}

type IndexSort = 'rating' | 'reviews' | 'price_asc';
const DIMENSIONS: Dimension[] = ['specialty', 'country', 'place'];

/**
 * Every listed doctor's filter and sort keys in typed arrays, with each sort's order kept sorted
 * (decision 030), patched in place as doctors change (decision 042). A search walks one order
 * from the cursor, tests the filters and returns the ids of a page; the cards are then read by id.
 */
export class DirectoryIndex {
  /** The doctor in each slot; undefined for a free slot. */
  private ids: (string | undefined)[] = [];
  private readonly slotOf = new Map<string, number>();
  private readonly free: number[] = [];
  private specialty = new Uint16Array(0);
  private country = new Uint16Array(0);
  private place = new Uint32Array(0);
  /** Each doctor's name folded for matching (common/rules/name-match.ts). */
  private names: string[] = [];
  /** The languages each doctor speaks, as codes of `spoken`; tested, not split into lists. */
  private spoken: (readonly number[])[] = [];
  private readonly spokenCodes = new Codes();
  private fee = new Int32Array(0);
  private rating = new Float64Array(0);
  private reviews = new Int32Array(0);
  /** The rating sort's key: the average weighed by the number of reviews (common/rules/rating-rank.ts). */
  private rank = new Float64Array(0);
  /** The slot rules of each doctor, as a position in `schedules`. */
  private schedule = new Uint32Array(0);
  /** Each distinct set of slot rules; a position, once given, always names the same rules. */
  readonly schedules: SlotRules[] = [];
  /** Each doctor's time off, by slot. */
  private timeOff: (readonly Absence[])[] = [];
  private readonly scheduleCodes = new Codes();
  /** Equal weekdays and language sets, held once (most doctors share a few of each). */
  private readonly sharedDays = new SharedDays();
  private readonly sharedSpoken = new Shared<readonly number[]>((codes) => codes.join());
  private readonly codes = { specialty: new Codes(), country: new Codes(), place: new Codes() };
  /** price_desc walks price_asc backwards (both end on id). Set once every row is in (`seal`). */
  private orders!: Record<IndexSort, Ordered>;
  /** Moves on every patch, so what is worked out from the index knows when to follow. */
  revision = 0;

  constructor(rows: readonly KeyRow[], { sealed = true } = {}) {
    this.grow(rows.length);
    this.add(rows);
    if (sealed) this.seal();
  }

  /**
   * An index of the rows `next` gives page by page (each after the last id of the one before), so
   * that one page of raw rows is held at a time: read whole, the 94,000 rows of the benchmark's
   * directory took the heap past 220 MB for an index that keeps about 60.
   */
  static async fromPages(next: (after: string | null) => Promise<readonly KeyRow[]>): Promise<DirectoryIndex> {
    const index = new DirectoryIndex([], { sealed: false });
    for (let page = await next(null); page.length; page = await next(page[page.length - 1].id)) index.add(page);
    index.seal();
    return index;
  }

  private add(rows: readonly KeyRow[]): void {
    for (const row of rows) this.put(row, this.take(row.id));
  }

  private seal(): void {
    const id = this.idCompare;
    // The arrays are read through `this` on every call: growing replaces them.
    this.orders = {
      rating: this.ordered((a, b) => this.rank[b] - this.rank[a] || this.reviews[b] - this.reviews[a] || id(b, a)),
      reviews: this.ordered((a, b) => this.reviews[b] - this.reviews[a] || id(b, a)),
      price_asc: this.ordered((a, b) => this.fee[a] - this.fee[b] || id(a, b)),
    };
  }

  /** uuid order is the order of the lower-case text, which is how ids are read. */
  readonly idCompare = (a: number, b: number): number => {
    const x = this.ids[a]!;
    const y = this.ids[b]!;
    return x < y ? -1 : x > y ? 1 : 0;
  };

  /** Listed doctors in the index. */
  get size(): number {
    return this.slotOf.size;
  }

  /** One past the highest slot in use: arrays indexed by slot have at least this length. */
  get slotCount(): number {
    return this.ids.length;
  }

  idAt(slot: number): string | undefined {
    return this.ids[slot];
  }

  scheduleAt(slot: number): number {
    return this.schedule[slot];
  }

  timeOffAt(slot: number): readonly Absence[] {
    return this.timeOff[slot] ?? [];
  }

  /** The slot of a doctor's id, or -1 when the doctor is not in the index. */
  positionOf(id: string): number {
    return this.slotOf.get(id) ?? -1;
  }

  /** The places and countries listed doctors are in now. */
  places(): string[] {
    return this.codes.place.inUse();
  }

  countries(): string[] {
    return this.codes.country.inUse();
  }

  /** Whether any listed doctor's name matches the typed words (nameQueryWords). */
  hasName(words: readonly string[]): boolean {
    return (
      words.length > 0 && this.names.some((name, slot) => this.ids[slot] !== undefined && nameMatches(name, words))
    );
  }

  /** How many listed doctors have each specialty (or country, or spoken language) now, by name. */
  counts(dimension: 'specialty' | 'country' | 'language'): { value: string; count: number }[] {
    const codes = dimension === 'language' ? this.spokenCodes : this.codes[dimension];
    return codes.values
      .map((value, code) => ({ value, count: codes.counts[code] }))
      .filter((entry) => entry.count > 0)
      .sort((a, b) => a.value.localeCompare(b.value, 'en'));
  }

  /**
   * Replaces what the index holds for `changed` doctors with `rows` (their keys now; a changed
   * doctor without a row is no longer listed). Returns the slots given up and the slots filled,
   * in that order of events, so what is kept per slot can follow.
   */
  apply(changed: Iterable<string>, rows: KeyRow[], beforeRemove?: (slots: number[]) => void): number[] {
    const leaving = [...new Set(changed)].map((id) => this.positionOf(id)).filter((slot) => slot >= 0);
    beforeRemove?.(leaving);
    for (const slot of leaving) {
      for (const ordered of Object.values(this.orders)) this.unlist(ordered, slot);
      this.codes.specialty.counts[this.specialty[slot]]--;
      this.codes.country.counts[this.country[slot]]--;
      this.codes.place.counts[this.place[slot]]--;
      this.scheduleCodes.counts[this.schedule[slot]]--;
      for (const code of this.spoken[slot]) this.spokenCodes.counts[code]--;
      this.spoken[slot] = NONE;
      this.names[slot] = '';
      this.slotOf.delete(this.ids[slot]!);
      this.ids[slot] = undefined;
      this.timeOff[slot] = NONE;
      this.free.push(slot);
    }
    const filled: number[] = [];
    for (const row of rows) {
      if (this.slotOf.has(row.id)) continue;
      const slot = this.take(row.id);
      this.put(row, slot);
      for (const ordered of Object.values(this.orders)) this.list(ordered, slot);
      filled.push(slot);
    }
    this.revision++;
    return filled;
  }

  /** Adds `slot` to an order kept by this index or worked out from it (next-slots.ts). */
  list(ordered: Ordered, slot: number): void {
    ordered.all.insert(slot, ordered.compare);
    for (const dimension of DIMENSIONS) {
      const code = this[dimension][slot];
      const parts = ordered.parts[dimension];
      while (parts.length <= code) parts.push(new SortedList());
      parts[code].insert(slot, ordered.compare);
    }
  }

  /** Removes `slot` from an order, while its keys are still the ones it was listed with. */
  unlist(ordered: Ordered, slot: number): void {
    ordered.all.remove(slot, ordered.compare);
    for (const dimension of DIMENSIONS) ordered.parts[dimension][this[dimension][slot]]?.remove(slot, ordered.compare);
  }

  private take(id: string): number {
    let slot = this.free.pop();
    if (slot === undefined) {
      slot = this.ids.length;
      if (slot >= this.fee.length) this.grow(Math.max(64, slot * 2));
      this.ids.push(undefined);
    }
    this.ids[slot] = id;
    this.slotOf.set(id, slot);
    return slot;
  }

  private put(row: KeyRow, slot: number): void {
    const specialty = this.codes.specialty.code(row.specialty);
    const country = this.codes.country.code(row.country);
    const place = this.codes.place.code(row.location);
    const before = this.scheduleCodes.values.length;
    const week = this.sharedDays.of(row.schedule.weekly);
    const schedule = this.scheduleCodes.code(signatureOf(row.zone, week.key, row.schedule));
    if (this.scheduleCodes.values.length !== before)
      this.schedules.push({ zone: row.zone, schedule: { ...row.schedule, weekly: week.weekly } });
    this.codes.specialty.counts[specialty]++;
    this.codes.country.counts[country]++;
    this.codes.place.counts[place]++;
    this.scheduleCodes.counts[schedule]++;
    this.specialty[slot] = specialty;
    this.country[slot] = country;
    this.place[slot] = place;
    this.fee[slot] = Number(row.fee);
    this.rating[slot] = Number(row.rating);
    this.reviews[slot] = Number(row.reviews);
    this.rank[slot] = ratingRank(this.rating[slot], this.reviews[slot]);
    this.schedule[slot] = schedule;
    this.timeOff[slot] = row.timeOff.length ? row.timeOff : NONE;
    this.names[slot] = foldName(row.name);
    const spoken = [...new Set(row.languages)].map((language) => this.spokenCodes.code(language));
    for (const code of spoken) this.spokenCodes.counts[code]++;
    this.spoken[slot] = this.sharedSpoken.of(spoken).value;
  }

  private grow(capacity: number): void {
    const copy = <T extends Uint16Array | Uint32Array | Int32Array | Float64Array>(old: T, make: (n: number) => T) => {
      const grown = make(capacity);
      grown.set(old);
      return grown;
    };
    this.specialty = copy(this.specialty, (n) => new Uint16Array(n));
    this.country = copy(this.country, (n) => new Uint16Array(n));
    this.place = copy(this.place, (n) => new Uint32Array(n));
    this.fee = copy(this.fee, (n) => new Int32Array(n));
    this.rating = copy(this.rating, (n) => new Float64Array(n));
    this.reviews = copy(this.reviews, (n) => new Int32Array(n));
    this.rank = copy(this.rank, (n) => new Float64Array(n));
    this.schedule = copy(this.schedule, (n) => new Uint32Array(n));
  }

  /** Every listed doctor's slot in the order `compare` gives, split by each filter's value. */
  ordered(compare: (a: number, b: number) => number): Ordered {
    const all = Uint32Array.from(this.slotOf.values()).sort(compare);
    const parts = {} as Record<Dimension, SortedList[]>;
    for (const dimension of DIMENSIONS) {
      const codes = this[dimension];
      const sizes = new Uint32Array(this.codes[dimension].values.length);
      for (const i of all) sizes[codes[i]]++;
      const lists = Array.from(sizes, (size) => new Uint32Array(size));
      const filled = new Uint32Array(sizes.length);
      for (const i of all) lists[codes[i]][filled[codes[i]]++] = i;
      parts[dimension] = lists.map((list) => new SortedList(list));
    }
    return { all: new SortedList(all), parts, compare };
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
    // Past the range's end in a price order; the other orders never stop early.
    const stopAbove = sort === 'price_asc' ? max : Infinity;
    const stopBelow = sort === 'price_desc' ? min : -Infinity;
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
    // The walk every uncached search makes: the arrays read once, no call per doctor but the test.
    const { fee, ids } = this;
    const descending = sort === 'price_desc';
    const found: string[] = [];
    for (let k = low; k < n && found.length < limit; k++) {
      const i = descending ? order[n - 1 - k] : order[k];
      if (fee[i] > stopAbove || fee[i] < stopBelow) break;
      if (test(i)) found.push(ids[i]!);
    }
    return found;
  }

  /** The order itself, or its part for the filter that leaves the fewest doctors. */
  private shortestList({ all, parts }: Ordered, filters: DoctorFilters): Uint32Array {
    const candidates = [all];
    const specialty = filters.specialty === undefined ? undefined : this.codes.specialty.find(filters.specialty);
    const country = filters.country === undefined ? undefined : this.codes.country.find(filters.country);
    const place = filters.places?.length === 1 ? this.codes.place.find(filters.places[0]) : undefined;
    const empty = new SortedList(new Uint32Array(0));
    if (specialty !== undefined) candidates.push(parts.specialty[specialty] ?? empty);
    if (country !== undefined) candidates.push(parts.country[country] ?? empty);
    if (place !== undefined) candidates.push(parts.place[place] ?? empty);
    return candidates.reduce((a, b) => (b.length < a.length ? b : a)).view();
  }

  /** A test per doctor for the filters, or null when a filter names nothing any doctor has. */
  private matcher(filters: DoctorFilters, availability?: IndexedAvailability): ((i: number) => boolean) | null {
    const specialty = filters.specialty === undefined ? -1 : this.codes.specialty.find(filters.specialty);
    const country = filters.country === undefined ? -1 : this.codes.country.find(filters.country);
    const language = filters.language === undefined ? -1 : this.spokenCodes.find(filters.language);
    if (specialty === undefined || country === undefined || language === undefined) return null;
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
    // Used within one search, before any patch can grow (replace) the arrays.
    const { specialty: specialtyOf, country: countryOf, fee, place, spoken, names } = this;
    const nameWords = filters.name;
    return (i) =>
      (specialty < 0 || specialtyOf[i] === specialty) &&
      (country < 0 || countryOf[i] === country) &&
      fee[i] >= min &&
      fee[i] <= max &&
      (places === null || places.has(place[i])) &&
      (language < 0 || spoken[i].includes(language)) &&
      (nameWords === undefined || nameMatches(names[i], nameWords)) &&
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
    const idAfter = (i: number, descending: boolean) => (descending ? this.ids[i]! < id : this.ids[i]! > id);
    switch (position.sort) {
      case 'rating': {
        const { reviews } = position;
        // The cursor carries the plain average and count; its rank is worked out by the same rule.
        const rank = ratingRank(position.rating, reviews);
        return (i) =>
          this.rank[i] < rank ||
          (this.rank[i] === rank && (this.reviews[i] < reviews || (this.reviews[i] === reviews && idAfter(i, true))));
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
