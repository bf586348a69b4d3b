import { and, desc, eq, getTableColumns, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import { findCatalogSpecialty, type CatalogSpecialtyName, type Specialty } from '@common/constants/specialties';
import { LIVE_APPOINTMENT_STATUSES } from '@common/constants/statuses';
import { addDays, daySlots } from '@common/rules/slots';
import { wallClock } from '@common/rules/zoned-time';
import type { Db } from '../../db/client';
import { appointments, doctors, users } from '../../db/schema';
import { listedWhere } from '../listing/rule';

const CANDIDATES = 10;
const SEARCH_DAYS = 14;
/** A matched consultation starts no sooner than this, so the doctor can prepare. */
const LEAD_MINUTES = 60;

export type Match = { doctorId: string; timeZone: string; startsAt: Date };

/**
 * What a specialty checkout can be for: the specialties page's entries of the one specialty table
 * (common/constants/specialties.ts), whose every entry a doctor can also choose, so the seed and
 * real doctors can be matched to it. Undefined for anything else.
 */
export const payableSpecialty = (name: string): Specialty | undefined => findCatalogSpecialty(name);

/** Doctors a specialty payment can be matched to: listed (listing/rule.ts), of the specialty, and not the payer. */
const candidatesFor = (specialty: CatalogSpecialtyName, patientId: string) =>
  listedWhere(eq(doctors.specialty, specialty), ne(doctors.userId, patientId));

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
 * A paid specialty checkout gets the best-rated candidate; among equally rated doctors the one
 * with the earliest free slot. Slots follow the same rules as booking (the offered slot times, the
 * doctor's hours and zone). `exclude` skips slots lost to a race.
 */
export async function matchSpecialist(
  db: Db,
  specialty: CatalogSpecialtyName,
  patientId: string,
  now: Date,
  exclude: ReadonlySet<string> = new Set(),
): Promise<Match | null> {
  const candidates = await db
    .select(getTableColumns(doctors))
    .from(doctors)
    .innerJoin(users, eq(users.id, doctors.userId))
    .where(candidatesFor(specialty, patientId))
    .orderBy(sql`${doctors.averageRating} desc nulls last`, desc(doctors.reviewCount), doctors.id)
    .limit(CANDIDATES);
  if (candidates.length === 0) return null;

  const from = new Date(now.getTime() + LEAD_MINUTES * 60_000);
  const until = new Date(now.getTime() + (SEARCH_DAYS + 1) * 86_400_000);
  const booked = await db
    .select({ doctorId: appointments.doctorId, startsAt: appointments.startsAt })
    .from(appointments)
    .where(
      and(
        inArray(
          appointments.doctorId,
          candidates.map((c) => c.id),
        ),
        inArray(appointments.status, [...LIVE_APPOINTMENT_STATUSES]),
        gte(appointments.startsAt, from),
        lt(appointments.startsAt, until),
      ),
    );

  let best: (Match & { rating: number }) | null = null;
  for (const doctor of candidates) {
    const taken = new Set(booked.filter((b) => b.doctorId === doctor.id).map((b) => b.startsAt.getTime()));
    const earliest = earliestSlot(doctor, taken, from, exclude);
    if (!earliest) continue;
    const rating = doctor.averageRating ?? 0;
    if (!best || rating > best.rating || (rating === best.rating && earliest < best.startsAt)) {
      best = { doctorId: doctor.id, timeZone: doctor.timeZone, startsAt: earliest, rating };
    }
  }
  return best && { doctorId: best.doctorId, timeZone: best.timeZone, startsAt: best.startsAt };
}

function earliestSlot(
  doctor: typeof doctors.$inferSelect,
  taken: ReadonlySet<number>,
  from: Date,
  exclude: ReadonlySet<string>,
): Date | null {
  const firstDay = wallClock(from, doctor.timeZone).date;
  for (let day = 0; day < SEARCH_DAYS; day++) {
    const slot = daySlots(addDays(firstDay, day), doctor, taken, from).find(
      (s) => s.available && !exclude.has(`${doctor.id}@${s.startsAt}`),
    );
    if (slot) return new Date(slot.startsAt);
  }
  return null;
}
