import type { ConsultationType } from '@common/constants/consultation-types';
import { feeForType } from '@common/rules/fees';
import { wallClock, zonedInstant } from '@common/rules/zoned-time';
import { seededUuid, type Rng } from './random';
import { appointments, doctors, reviews, users } from './schema';
import type { Db } from './client';
import { SEED_COUNTRIES, type SeedRegion } from './seed-data/countries';
import { FIRST_NAMES, LAST_NAMES } from './seed-data/names';
import { REVIEW_DETAILS, REVIEW_OPENINGS } from './seed-data/review-texts';

type Stars = 1 | 2 | 3 | 4 | 5;
type NewUser = typeof users.$inferInsert;
type NewDoctor = typeof doctors.$inferInsert;
type NewAppointment = typeof appointments.$inferInsert;
type NewReview = typeof reviews.$inferInsert;

const REVIEWERS_PER_REGION = 40;
const DAY = 86_400_000;
const REASONS = [
  'Follow-up consultation',
  'Second opinion',
  'Ongoing symptoms',
  'Review of test results',
  'Medication review',
  'New concern',
] as const;
const TYPES: readonly ConsultationType[] = ['video', 'video', 'voice', 'in-person'];

/** Patients who leave the demo reviews, named like the people around the doctors they review. */
export function buildReviewers(rng: Rng, regions: readonly SeedRegion[]): Map<SeedRegion, NewUser[]> {
  const byRegion = new Map<SeedRegion, NewUser[]>();
  let n = 0;
  for (const region of regions) {
    const people: NewUser[] = [];
    // Every first name of the region in turn, so one page of reviews rarely shows a name twice.
    const firstNames = rng.sample(FIRST_NAMES[region], FIRST_NAMES[region].length);
    for (let i = 0; i < REVIEWERS_PER_REGION; i++) {
      people.push({
        id: seededUuid(rng),
        email: `reviewer${++n}@patients.medora.dev`,
        firstName: firstNames[i % firstNames.length],
        // "de Vries" would show as "Anouk d.", so reviewers have capitalised surnames.
        lastName: rng.pick(LAST_NAMES[region].filter((name) => /^\p{Lu}/u.test(name))),
        userType: 'patient',
        isVerified: true,
      });
    }
    byRegion.set(region, people);
  }
  return byRegion;
}

/**
 * Mostly four and five stars, with threes and the odd poor review; `quality` (0..1) tilts a
 * doctor's share of fives, so averages spread between about 3.6 and 5.0.
 */
function stars(rng: Rng, quality: number): Stars {
  const weights = [
    0.006 + 0.02 * (1 - quality),
    0.01 + 0.05 * (1 - quality),
    0.04 + 0.16 * (1 - quality),
    0.35,
    0.25 + 0.65 * quality,
  ];
  let roll = rng.next() * weights.reduce((a, b) => a + b, 0);
  for (let i = 0; i < weights.length; i++) {
    roll -= weights[i];
    if (roll < 0) return (i + 1) as Stars;
  }
  return 5;
}

/**
 * A listed doctor averaging under 3.6 is not what a directory shows first, and with only a few
 * reviews one bad one would drag the average there: lift the lowest until the average reaches it.
 */
function settle(ratings: Stars[]): Stars[] {
  const out = [...ratings];
  while (out.length && out.reduce((a, b) => a + b, 0) < 3.6 * out.length) {
    const lowest = out.indexOf(Math.min(...out) as Stars);
    out[lowest] = (out[lowest] + 1) as Stars;
  }
  return out;
}

/** `used` holds the openings a doctor's reviews already have, so one page rarely repeats itself. */
function comment(rng: Rng, rating: Stars, doctorName: string, used: Set<string>): string | null {
  if (rng.chance(0.12)) return null; // some patients only leave stars
  let opening = rng.pick(REVIEW_OPENINGS[rating]);
  for (let tries = 0; used.has(opening) && tries < 6; tries++) opening = rng.pick(REVIEW_OPENINGS[rating]);
  used.add(opening);
  const text = rng.chance(0.45) ? `${opening} ${rng.pick(REVIEW_DETAILS[rating])}` : opening;
  return text.replaceAll('{doctor}', doctorName);
}

/**
 * One to `max` reviews, most doctors a handful to a couple of dozen. Never none: a doctor without
 * reviews shows a default rating, which in a demo reads like an invented one.
 */
export function reviewCountFor(rng: Rng, max: number): number {
  return 1 + Math.floor((max - 1) * rng.next() ** 1.6);
}

/** How far the zone's wall clock is ahead of UTC today, e.g. +2 h for Kigali. */
export function utcOffsetMs(timeZone: string, now: number): number {
  const { date } = wallClock(new Date(now), timeZone);
  return Date.parse(`${date}T00:00:00Z`) - zonedInstant(date, '00:00', timeZone).getTime();
}

/**
 * Completed appointments and their reviews for one doctor, and the rating and count the doctor row
 * must show: the rows' average rounded to two places, as reviewing an appointment keeps it.
 */
export function buildReviews(
  rng: Rng,
  doctor: NewDoctor & { id: string },
  lastName: string,
  reviewers: readonly NewUser[],
  count: number,
  now: number,
  utcOffsetMs: number,
): { appointments: NewAppointment[]; reviews: NewReview[]; averageRating: number | null; reviewCount: number } {
  const quality = rng.next();
  const people = rng.sample(reviewers, count);
  const appointmentRows: NewAppointment[] = [];
  const reviewRows: NewReview[] = [];
  const ratings = settle(people.map(() => stars(rng, quality)));
  const used = new Set<string>();
  people.forEach((person, k) => {
    // One appointment every few days going back, never two at the same instant, in office hours
    // of the doctor's zone (give or take a daylight-saving hour).
    const day = Math.floor(now / DAY) - 2 - k * 4 - rng.int(0, 3);
    const localMs = rng.int(8, 16) * 3_600_000 + (rng.chance(0.5) ? 1_800_000 : 0);
    const startsAt = new Date(day * DAY + localMs - utcOffsetMs);
    const type = rng.pick(TYPES);
    const appointmentId = seededUuid(rng);
    appointmentRows.push({
      id: appointmentId,
      patientId: person.id!,
      doctorId: doctor.id,
      startsAt,
      timeZone: doctor.timeZone ?? 'UTC',
      consultationType: type,
      reasonForVisit: rng.pick(REASONS),
      fee: feeForType({ ...doctor, consultationFee: doctor.consultationFee ?? 0 }, type),
      status: 'completed',
      createdAt: new Date(startsAt.getTime() - rng.int(1, 10) * DAY),
    });
    const rating = ratings[k];
    reviewRows.push({
      id: seededUuid(rng),
      appointmentId,
      doctorId: doctor.id,
      patientId: person.id!,
      rating,
      comment: comment(rng, rating, `Dr. ${lastName}`, used),
      createdAt: new Date(startsAt.getTime() + rng.int(1, 48) * 3_600_000),
    });
  });
  const reviewCount = reviewRows.length;
  const total = ratings.reduce((sum, rating) => sum + rating, 0);
  const averageRating = reviewCount ? Math.round((total / reviewCount) * 100) / 100 : null;
  return { appointments: appointmentRows, reviews: reviewRows, averageRating, reviewCount };
}

type Written = { doctor: NewDoctor & { id: string }; appointments: NewAppointment[]; reviews: NewReview[] };

/**
 * Writes a doctor's reviews with reviewers of the doctor's region and returns the doctor row with
 * the rating and count those reviews give. Zone offsets are looked up once per zone.
 */
export function reviewWriter(rng: Rng, reviewers: Map<SeedRegion, NewUser[]>, max: number) {
  const regionOf = new Map(SEED_COUNTRIES.map((country) => [country.name, country.region]));
  const offsets = new Map<string, number>();
  const now = Date.now();
  return (doctor: NewDoctor & { id: string }, lastName: string, count = reviewCountFor(rng, max)): Written => {
    const timeZone = doctor.timeZone ?? 'UTC';
    if (!offsets.has(timeZone)) offsets.set(timeZone, utcOffsetMs(timeZone, now));
    const people = reviewers.get(regionOf.get(doctor.country ?? '') ?? 'americas') ?? [];
    const built = buildReviews(rng, doctor, lastName, people, count, now, offsets.get(timeZone)!);
    return {
      doctor: { ...doctor, averageRating: built.averageRating, reviewCount: built.reviewCount },
      appointments: built.appointments,
      reviews: built.reviews,
    };
  };
}

/** Parameters per statement are limited (65535), so rows go in chunks. */
const CHUNK = 2_000;

export async function insertReviews(db: Db, ...written: Written[]) {
  const appointmentRows = written.flatMap((w) => w.appointments);
  const reviewRows = written.flatMap((w) => w.reviews);
  for (let i = 0; i < appointmentRows.length; i += CHUNK) {
    await db.insert(appointments).values(appointmentRows.slice(i, i + CHUNK));
  }
  for (let i = 0; i < reviewRows.length; i += CHUNK) await db.insert(reviews).values(reviewRows.slice(i, i + CHUNK));
}
