import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appointments, doctors, users } from '../../db/schema';
import { holdsSlot } from '../appointments/slot-hold';
import { listedWhere } from '../listing/rule';

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

/** Unrated doctors rank after rated ones (the index reads the same key). */
export const ratingKey = sql<number>`coalesce(${doctors.averageRating}, 0)`;

export const doctorColumns = {
  doctor: doctors,
  firstName: users.firstName,
  lastName: users.lastName,
  userImageUrl: users.profileImageUrl,
  rating: ratingKey,
};

const cardsByDb = new WeakMap<Db, ReturnType<typeof buildCards>>();
const buildCards = (db: Db) =>
  db
    .select(doctorColumns)
    .from(doctors)
    .innerJoin(users, eq(users.id, doctors.userId))
    .where(listedWhere(sql`${doctors.id} = any(${sql.placeholder('ids')}::uuid[])`))
    // Named: the plan does not depend on which ids, so PostgreSQL may keep one for the connection.
    .prepare('doctor_cards');

/**
 * The cards of the doctors the search engine chose (directory-search.ts), in `ids` order; a
 * doctor no longer listed has none. The only statement a search runs besides the version read.
 */
export async function doctorCards(db: Db, ids: string[]) {
  if (!ids.length) return [];
  let cards = cardsByDb.get(db);
  if (!cards) cardsByDb.set(db, (cards = buildCards(db)));
  const rows = await cards.execute({ ids: `{${ids.join(',')}}` });
  const byId = new Map(rows.map((row) => [row.doctor.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Every booking that holds a slot (appointments/slot-hold.ts) starting in (from, to), judged at
 * `now`: its doctor, start and length.
 */
export async function heldBookings(db: Db, now: Date, from: Date, to: Date) {
  return db
    .select({ doctorId: appointments.doctorId, startsAt: appointments.startsAt, minutes: appointments.durationMinutes })
    .from(appointments)
    .where(and(gt(appointments.startsAt, from), lt(appointments.startsAt, to), holdsSlot(now)));
}
