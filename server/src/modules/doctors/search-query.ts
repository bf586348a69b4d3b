import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { oncePerDb } from '../../db/once-per-db';
import { doctors, users } from '../../db/schema';
import { listedWhere } from '../listing/rule';
import { BatchedRead } from './card-batch';

/** Resolved filters: free text has already been turned into one of these (common/rules/free-text.ts). */
export type DoctorFilters = {
  specialty?: string;
  /** The known places (exact `doctors.location` values) a place filter resolved to; never empty. */
  places?: string[];
  country?: string;
  /** Words of a doctor's name, each the start of a word of it (common/rules/name-match.ts). */
  name?: readonly string[];
  /** A language the doctor speaks (English name, as profiles store it). */
  language?: string;
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

/**
 * A listed doctor's public card (publicDoctorSchema, less `nextAvailableAt`) as JSON text, built
 * by PostgreSQL over `doctors` joined to the doctor's `users` row: the one definition of the card,
 * for search pages and the profile page. A search page is a list of these texts joined: the app
 * neither parses a card's 30-odd columns nor builds and serialises an object for it (that was a
 * third of an uncached search's CPU, bench/search).
 */
export const cardJson = sql<string>`(select row_to_json(card) from (select
  ${doctors.id} as "id", ${doctors.userId} as "userId",
  (select row_to_json(account) from (select ${users.firstName} as "firstName", ${users.lastName} as "lastName",
    ${users.profileImageUrl} as "profileImageUrl") account) as "user",
  ${doctors.specialty} as "specialty", ${doctors.secondarySpecialties} as "secondarySpecialties",
  ${doctors.location} as "location", ${doctors.country} as "country", ${doctors.timeZone} as "timeZone",
  ${doctors.consultationFee} as "consultationFee", ${doctors.videoCallFee} as "videoCallFee",
  ${doctors.phoneCallFee} as "phoneCallFee", ${doctors.inPersonFee} as "inPersonFee",
  ${doctors.averageRating} as "averageRating", ${doctors.reviewCount} as "reviewCount",
  ${doctors.isVerified} as "isVerified", ${doctors.isActive} as "isActive", ${doctors.languages} as "languages",
  ${doctors.experience} as "experience", ${doctors.about} as "about", ${doctors.education} as "education",
  ${doctors.medicalSchool} as "medicalSchool", ${doctors.licenseNumber} as "licenseNumber",
  ${doctors.residency} as "residency", ${doctors.website} as "website", ${doctors.officeAddress} as "officeAddress",
  coalesce(${doctors.profileImageUrl}, ${users.profileImageUrl}) as "profileImageUrl",
  ${doctors.fellowships} as "fellowships", ${doctors.certifications} as "certifications",
  ${doctors.researchInterests} as "researchInterests", ${doctors.insuranceAccepted} as "insuranceAccepted",
  ${doctors.paymentOptions} as "paymentOptions", ${doctors.profileCompleteness} as "profileCompleteness"
) card)::text`;

/** A card as a search reads it: the JSON text and the keys the page's cursor is made of. */
export type CardRow = { id: string; consultationFee: number; reviewCount: number; rating: number; json: string };

const cardColumns = {
  id: doctors.id,
  consultationFee: doctors.consultationFee,
  reviewCount: doctors.reviewCount,
  rating: ratingKey,
  json: cardJson,
};

const cardsOf = oncePerDb((db) => {
  const statement = db
    .select(cardColumns)
    .from(doctors)
    .innerJoin(users, eq(users.id, doctors.userId))
    .where(listedWhere(sql`${doctors.id} = any(${sql.placeholder('ids')}::uuid[])`))
    // Named: the plan does not depend on which ids, so PostgreSQL may keep one for the connection.
    .prepare('doctor_cards');
  // Searches asking in the same turn share one statement; each gets its own rows, unchanged.
  return new BatchedRead<CardRow>((batch) => statement.execute({ ids: `{${batch.join(',')}}` }));
});

/**
 * The cards of the doctors the search engine chose (directory-search.ts), in `ids` order; a
 * doctor no longer listed has none. The only statement a search runs besides the version read,
 * shared by the searches that ask in the same turn of the event loop (card-batch.ts).
 */
export async function doctorCards(db: Db, ids: string[]): Promise<CardRow[]> {
  if (!ids.length) return [];
  return cardsOf(db).rows(ids);
}

/** One listed doctor's card as JSON text, or undefined. */
export async function doctorCard(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ json: cardJson })
    .from(doctors)
    .innerJoin(users, eq(users.id, doctors.userId))
    .where(listedWhere(eq(doctors.id, id)));
  return row?.json;
}
