import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { doctors, users } from '../../db/schema';
import { localizedError, notFound } from '../../core/errors';

/**
 * "This doctor is listed and bookable", the one rule: the doctor's profile is verified (a verified
 * profile is the published one; every path that verifies sets both) and active, and the account
 * behind it is active (deactivated and deleted accounts are not). Search, the profile page,
 * availability, booking, rescheduling, specialty matching and the places and countries lists all
 * read it from here, in SQL or in TypeScript; `rule.test.ts` runs both forms over the same rows.
 */
export type ListingFacts = {
  doctor: { isVerified: boolean; isActive: boolean };
  account: { isActive: boolean };
};

export const isListed = (facts: ListingFacts): boolean =>
  facts.doctor.isVerified && facts.doctor.isActive && facts.account.isActive;

/**
 * The SQL form, over `doctors` joined to its `users` row. Written without parameters so the
 * planner matches the partial indexes built on the same predicate (migrations/*_doctor_search_indexes.sql).
 */
export const listedDoctorSql = () => sql`${doctors.isVerified} and ${doctors.isActive} and ${users.isActive}`;

/** The same rule as raw SQL for statements written by hand, over aliases `d` (doctors) and `u` (users). */
export const LISTED_DOCTOR_RAW = 'd.is_verified and d.is_active and u.is_active';

/** LISTED_DOCTOR_RAW as a fragment to put in a hand-written `sql` statement (still without parameters). */
export const listedDoctorRawSql = () => sql.raw(LISTED_DOCTOR_RAW);

/** A doctor row with the listing facts, or undefined when there is no such doctor. */
export async function doctorWithListing(db: Db, doctorId: string) {
  const [row] = await db
    .select({ doctor: doctors, accountActive: users.isActive })
    .from(doctors)
    .innerJoin(users, eq(users.id, doctors.userId))
    .where(eq(doctors.id, doctorId));
  if (!row) return undefined;
  return { ...row.doctor, listed: isListed({ doctor: row.doctor, account: { isActive: row.accountActive } }) };
}

/** The doctor a booking is for: 404 when there is none, 400 when not listed (the message booking has always given). */
export async function bookableDoctor(db: Db, doctorId: string) {
  const doctor = await doctorWithListing(db, doctorId);
  if (!doctor) throw notFound('Doctor');
  if (!doctor.listed) {
    throw localizedError('bad_request', 'errors.doctorAcceptingAppointmentsYet', undefined, {
      doctorId: { key: 'errors.field.doctorNotVerified' },
    });
  }
  return doctor;
}

/** Listed doctors, as a where clause for a query that joins `users` on the doctor's account. */
export const listedWhere = (...more: Parameters<typeof and>) => and(listedDoctorSql(), ...more);
