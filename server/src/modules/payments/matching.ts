import { eq, getTableColumns, inArray, not } from 'drizzle-orm';
import { findCatalogSpecialty, type CatalogSpecialtyName, type Specialty } from '@common/constants/specialties';
import { ratingRank } from '@common/rules/rating-rank';
import { slotsBetween, type SlotContext } from '@common/rules/schedule-slots';
import { wallClock } from '@common/rules/zoned-time';
import type { Db } from '../../db/client';
import { doctors, users } from '../../db/schema';
import { slotContext } from '../appointments/slot-check';
import { listedWhere } from '../listing/rule';
import { doctorsOwnedBy } from '../../policies/doctor';

const CANDIDATES = 10;
const SEARCH_DAYS = 14;
/** A matched consultation starts no sooner than this, so the doctor can prepare. */
const LEAD_MINUTES = 60;

export type Match = { doctorId: string; timeZone: string; startsAt: Date; minutes: number };

/**
 * What a specialty checkout can be for: the specialties page's entries of the one specialty table
 * (common/constants/specialties.ts), whose every entry a doctor can also choose, so the seed and
 * real doctors can be matched to it. Undefined for anything else.
 */
export const payableSpecialty = (name: string): Specialty | undefined => findCatalogSpecialty(name);

/** Doctors a specialty payment can be matched to: listed (listing/rule.ts), of the specialty, and not the payer. */
const candidatesFor = (specialty: CatalogSpecialtyName, patientId: string) =>
  listedWhere(eq(doctors.specialty, specialty), not(doctorsOwnedBy({ id: patientId })));

/** Whether anyone could take the consultation, asked before the patient pays. */
export async function hasSpecialist(db: Db, specialty: CatalogSpecialtyName, patientId: string): Promise<boolean> {
  const [found] = await db
    .select({ id: doctors.id })
    .from(doctors)
    .innerJoin(users, eq(users.id, doctors.userId))
    .where(candidatesFor(specialty, patientId))
    .limit(1);
  return found !== undefined;
}

/**
 * A paid specialty checkout gets the best-rated candidate (by the rating sort's rule); among equally rated doctors the one
 * with the earliest free slot, by the slot generator that booking uses (the doctor's week, time off,
 * notice, buffer and daily cap). `exclude` skips slots lost to a race.
 */
export async function matchSpecialist(
  db: Db,
  specialty: CatalogSpecialtyName,
  patientId: string,
  now: Date,
  exclude: ReadonlySet<string> = new Set(),
): Promise<Match | null> {
  // Ranked by the directory's rating rule (one 5.0 review does not beat a hundred 4.9s), which
  // lives in common/ and not in SQL; only three columns of the specialty's doctors are read.
  const ranked = await db
    .select({ id: doctors.id, averageRating: doctors.averageRating, reviewCount: doctors.reviewCount })
    .from(doctors)
    .innerJoin(users, eq(users.id, doctors.userId))
    .where(candidatesFor(specialty, patientId));
  const top = ranked
    .map((d) => ({ id: d.id, rank: ratingRank(d.averageRating ?? 0, d.reviewCount) }))
    .sort((a, b) => b.rank - a.rank || (a.id < b.id ? -1 : 1))
    .slice(0, CANDIDATES);
  if (top.length === 0) return null;
  const rankOf = new Map(top.map((d) => [d.id, d.rank]));
  const candidates = await db
    .select(getTableColumns(doctors))
    .from(doctors)
    .where(
      inArray(
        doctors.id,
        top.map((d) => d.id),
      ),
    );

  const from = new Date(now.getTime() + LEAD_MINUTES * 60_000);
  const until = new Date(now.getTime() + (SEARCH_DAYS + 1) * 86_400_000);
  let best: (Match & { rating: number }) | null = null;
  for (const doctor of candidates) {
    const ctx = await slotContext(db, doctor, from, until, now);
    const earliest = earliestSlot(ctx, doctor.id, from, exclude);
    if (!earliest) continue;
    const rating = rankOf.get(doctor.id) ?? 0;
    if (!best || rating > best.rating || (rating === best.rating && earliest.startsAt < best.startsAt)) {
      best = { doctorId: doctor.id, timeZone: doctor.timeZone, ...earliest, rating };
    }
  }
  return best && { doctorId: best.doctorId, timeZone: best.timeZone, startsAt: best.startsAt, minutes: best.minutes };
}

/** The doctor's first free video slot from `from` by the slot generator, less the slots lost to a race. */
function earliestSlot(ctx: SlotContext, doctorId: string, from: Date, exclude: ReadonlySet<string>) {
  const firstDay = wallClock(from, ctx.timeZone).date;
  for (const slot of slotsBetween(ctx, firstDay, SEARCH_DAYS, 'video')) {
    if (!slot.available || Date.parse(slot.startsAt) < from.getTime()) continue;
    if (exclude.has(`${doctorId}@${slot.startsAt}`)) continue;
    return { startsAt: new Date(slot.startsAt), minutes: slot.minutes };
  }
  return null;
}
