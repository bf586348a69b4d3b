import { and, asc, desc, eq, gt, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { DoctorSort } from '@common/schemas/doctors';
import type { Db } from '../../db/client';
import { appointments, doctors, users } from '../../db/schema';
import { holdsSlot } from '../appointments/slot-hold';
import { listedDoctorRawSql, listedWhere } from '../listing/rule';
import type { SearchPosition } from './search-cursor';
import { nextAvailableAt } from './next-available';
import type { ScheduleFirsts } from './schedule-firsts';

/** Resolved filters: free text has already been turned into one of these (common/rules/free-text.ts). */
export type DoctorFilters = {
  specialty?: string;
  /** The known places (exact `doctors.location` values) a place filter resolved to; never empty. */
  places?: string[];
  country?: string;
  /** Cents, inclusive, compared with the consultation fee — the fee every card shows. */
  minFee?: number;
  maxFee?: number;
};

/**
 * The instants availability is judged at: now, the end of the visitor's week (next-available
 * looks no further) and, with an availability filter, the end of the visitor's chosen day.
 */
export type AvailabilityWindow = { now: Date; until: Date; cutoff?: Date };

/**
 * Unrated doctors rank after rated ones. The same expression is indexed
 * (migrations/*_doctor_search_indexes.sql), so it must stay byte-for-byte the same.
 */
export const ratingKey = sql<number>`coalesce(${doctors.averageRating}, 0)`;

const p = sql.placeholder;

const window = { now: sql`${p('now')}::timestamptz`, until: sql`${p('until')}::timestamptz` };
/** Filled by a lateral join in every search, so cards show it and filters and the sort reuse it. */
const nextAt = sql<Date | null>`avail.next_at`;
/** Doctors with no slot in the window sort after every doctor with one. */
export const soonestKey = sql`coalesce(${nextAt}, 'infinity'::timestamptz)`;

/** "After the cursor", with the cursor's values bound at execution. */
function after(sort: DoctorSort): SQL {
  switch (sort) {
    case 'rating':
      return sql`(${ratingKey}, ${doctors.reviewCount}, ${doctors.id}) < (${p('afterRating')}::float8, ${p('afterReviews')}::int, ${p('afterId')}::uuid)`;
    case 'price_asc':
      return sql`(${doctors.consultationFee}, ${doctors.id}) > (${p('afterFee')}::int, ${p('afterId')}::uuid)`;
    case 'price_desc':
      return sql`(${doctors.consultationFee}, ${doctors.id}) < (${p('afterFee')}::int, ${p('afterId')}::uuid)`;
    case 'reviews':
      return sql`(${doctors.reviewCount}, ${doctors.id}) < (${p('afterReviews')}::int, ${p('afterId')}::uuid)`;
    case 'soonest':
      return sql`(${soonestKey}, ${doctors.id}) > (${p('afterAt')}::timestamptz, ${p('afterId')}::uuid)`;
  }
}

// Every sort is total (id last) and all-descending or all-ascending, so a row comparison
// expresses "after the cursor" and one index scan serves it.
const ORDER: Record<DoctorSort, SQL[]> = {
  rating: [desc(ratingKey), desc(doctors.reviewCount), desc(doctors.id)],
  price_asc: [asc(doctors.consultationFee), asc(doctors.id)],
  price_desc: [desc(doctors.consultationFee), desc(doctors.id)],
  reviews: [desc(doctors.reviewCount), desc(doctors.id)],
  soonest: [asc(soonestKey), asc(doctors.id)],
};

export const doctorColumns = {
  doctor: doctors,
  firstName: users.firstName,
  lastName: users.lastName,
  userImageUrl: users.profileImageUrl,
  rating: ratingKey,
};

const FILTER_KEYS = ['specialty', 'country', 'place', 'places', 'minFee', 'maxFee', 'cutoff'] as const;

function buildSearch(db: Db, present: ReadonlySet<string>, sort: DoctorSort, paged: boolean) {
  // The soonest sort judges every matching doctor and an availability filter may walk many, so
  // those shapes read the doctors with bookings in the window once; the others probe per row.
  const everyDoctor = sort === 'soonest' || present.has('cutoff');
  // The listing rule's SQL form is written without parameters, so the planner matches the
  // partial indexes built on its doctors half (listing/rule.test.ts checks they still agree).
  const where = listedWhere(
    present.has('specialty') ? eq(doctors.specialty, p('specialty')) : undefined,
    present.has('country') ? eq(doctors.country, p('country')) : undefined,
    // One place compares with `=`, which an ordered scan of the place index serves; `= any(...)`
    // does not come out ordered before PostgreSQL 17, so several places are matched and sorted.
    present.has('place') ? eq(doctors.location, p('place')) : undefined,
    present.has('places') ? sql`${doctors.location} = any(${p('places')}::text[])` : undefined,
    present.has('minFee') ? gte(doctors.consultationFee, p('minFee')) : undefined,
    present.has('maxFee') ? lte(doctors.consultationFee, p('maxFee')) : undefined,
    present.has('cutoff') ? sql`${nextAt} < ${p('cutoff')}::timestamptz` : undefined,
    paged ? after(sort) : undefined,
  );
  return (
    withNextAvailable(db, everyDoctor)
      .where(where)
      .orderBy(...ORDER[sort])
      .limit(p('limit'))
      // An unnamed statement: values stay visible to the planner (fee ranges and place patterns
      // need custom plans), while the SQL text is built once per shape, not per request.
      .prepare('')
  );
}

/** Each card's next free slot, beside the doctor (the same lateral join in every search). */
const withNextAvailable = (db: Db, everyDoctor: boolean) =>
  db
    .select({ ...doctorColumns, nextAvailableAt: nextAt })
    .from(doctors)
    .innerJoin(users, eq(users.id, doctors.userId))
    // `offset 0` keeps the subquery whole, so the value is computed once per row, not once
    // per mention (the card, the filter and the sort each name it).
    .innerJoinLateral(
      sql`(select ${nextAvailableAt(window, sql`${p('firsts')}::jsonb`, everyDoctor)} as next_at offset 0) avail`,
      sql`true`,
    );

type PreparedSearch = ReturnType<typeof buildSearch>;
const preparedByDb = new WeakMap<Db, Map<string, PreparedSearch>>();

function positionValues(position: SearchPosition | undefined): Record<string, unknown> {
  if (!position) return {};
  if (position.sort === 'rating')
    return { afterRating: position.rating, afterReviews: position.reviews, afterId: position.id };
  if (position.sort === 'reviews') return { afterReviews: position.reviews, afterId: position.id };
  if (position.sort === 'soonest') return { afterAt: position.at ?? 'infinity', afterId: position.id };
  return { afterFee: position.fee, afterId: position.id };
}

/**
 * The one search statement. There are at most 2^6 filter sets (one place or several) x 5 sorts x 2 (first page or not)
 * shapes; each is built once per database and reused.
 */
export function searchDoctorsQuery(
  db: Db,
  filters: DoctorFilters,
  sort: DoctorSort,
  limit: number,
  availability: AvailabilityWindow,
  firsts: ScheduleFirsts,
  position?: SearchPosition,
) {
  const values: Record<string, unknown> = {
    ...positionValues(position),
    limit,
    firsts: JSON.stringify(firsts),
    now: availability.now.toISOString(),
    until: availability.until.toISOString(),
  };
  const { places, ...rest } = filters;
  const bound: Partial<Record<(typeof FILTER_KEYS)[number], unknown>> = {
    ...rest,
    cutoff: availability.cutoff?.toISOString(),
    place: places?.length === 1 ? places[0] : undefined,
    places: places && places.length > 1 ? places : undefined,
  };
  for (const key of FILTER_KEYS) {
    const value = bound[key];
    if (value !== undefined && value !== '') values[key] = value;
  }
  const present = new Set(FILTER_KEYS.filter((key) => key in values));
  const shape = `${sort}|${position ? 'after' : 'first'}|${[...present].join(',')}`;
  let cache = preparedByDb.get(db);
  if (!cache) preparedByDb.set(db, (cache = new Map()));
  let prepared = cache.get(shape);
  if (!prepared) cache.set(shape, (prepared = buildSearch(db, present, sort, Boolean(position))));
  return prepared.execute(values);
}

const cardsByDb = new WeakMap<Db, ReturnType<typeof buildCards>>();
const buildCards = (db: Db) =>
  withNextAvailable(db, false)
    .where(listedWhere(sql`${doctors.id} = any(${p('ids')}::uuid[])`))
    // Named: the plan does not depend on which ids, so PostgreSQL may keep one for the connection.
    .prepare('doctor_cards');

/** The cards of the doctors a directory index search chose (directory-index.ts), in `ids` order. */
export async function doctorCards(db: Db, ids: string[], availability: AvailabilityWindow, firsts: ScheduleFirsts) {
  if (!ids.length) return [];
  let cards = cardsByDb.get(db);
  if (!cards) cardsByDb.set(db, (cards = buildCards(db)));
  const rows = await cards.execute({
    ids: `{${ids.join(',')}}`,
    firsts: JSON.stringify(firsts),
    now: availability.now.toISOString(),
    until: availability.until.toISOString(),
  });
  const byId = new Map(rows.map((row) => [row.doctor.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The start of every booking that holds a slot in the window (appointments/slot-hold.ts), by doctor. */
export async function heldSlots(db: Db, availability: AvailabilityWindow) {
  return db
    .select({ doctorId: appointments.doctorId, startsAt: appointments.startsAt })
    .from(appointments)
    .where(
      and(
        gt(appointments.startsAt, availability.now),
        lt(appointments.startsAt, availability.until),
        holdsSlot(availability.now),
      ),
    );
}

/**
 * The distinct values of one column among listed doctors, read as a loose index scan (one probe
 * per value on an index led by the column, each probe checking the doctor's account by its key)
 * instead of a scan of every doctor.
 */
async function publicDistinct(db: Db, column: 'country' | 'location'): Promise<string[]> {
  const c = sql.identifier(column);
  const listed = (after: SQL) => sql`
    select d.${c} from doctors d join users u on u.id = d.user_id
    where ${listedDoctorRawSql()}${after} order by d.${c} limit 1`;
  const result = await db.execute<{ value: string }>(sql`
    with recursive v(value) as (
      (${listed(sql``)})
      union all
      select (${listed(sql` and d.${c} > v.value`)})
      from v where v.value is not null
    )
    select value from v where value is not null`);
  return (result as unknown as { rows: { value: string }[] }).rows.map((r) => r.value);
}

/** The countries listed doctors are in (the country index). */
export const publicCountries = (db: Db) => publicDistinct(db, 'country');

/** The places listed doctors practise in (the place index). */
export const publicPlaces = (db: Db) => publicDistinct(db, 'location');
