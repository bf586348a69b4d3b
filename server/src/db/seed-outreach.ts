import { sql } from 'drizzle-orm';
import { EXPERIENCE_RANGES } from '@common/constants/lists';
import { REFERRAL_HOLD_DAYS, REFERRAL_REWARD_CENTS } from '@common/constants/referrals';
import { PROFILE_SPECIALTIES } from '@common/constants/specialties';
import { emailIdentity } from '../core/email-identity';
import { releaseHeldReward } from '../modules/referrals/release';
import type { Db } from './client';
import { seededUuid, type Rng } from './random';
import { doctorApplications, referrals } from './schema';
import { SEED_REGIONS } from './seed-data/countries';
import { FIRST_NAMES, LAST_NAMES } from './seed-data/names';
import type { NameRegister } from './seed-names';

const DAY = 86_400_000;
const YEAR_DAYS = 365;

/**
 * How many of something a day brings, `days` ago: growing over the year from `first` to `last`
 * a day on average, fewer at weekends, drawn so the chart has the ups and downs of real traffic.
 */
function perDay(rng: Rng, daysAgo: number, now: Date, first: number, last: number): number {
  const mean = first + (last - first) * (1 - daysAgo / YEAR_DAYS);
  const weekday = new Date(now.getTime() - daysAgo * DAY).getUTCDay();
  const expected = mean * (weekday === 0 || weekday === 6 ? 0.45 : 1.15);
  return Math.floor(expected + rng.next() * 1.2 - 0.1 + (rng.chance(0.04) ? 2 : 0));
}

/** An instant `daysAgo` days back, in working hours UTC give or take; today's never after now. */
const dayAt = (rng: Rng, now: Date, daysAgo: number) =>
  new Date(
    Math.min(
      Math.floor(now.getTime() / DAY - daysAgo) * DAY + rng.int(7 * 60, 20 * 60) * 60_000,
      now.getTime() - 60_000,
    ),
  );

const ABOUT = [
  'I have run a busy practice for years and want to reach patients who cannot easily travel to a clinic.',
  'Many of my patients need follow-up more than a first visit; video consultations suit that well.',
  'I trained in telemedicine during my residency and would like to offer evening consultations.',
  'I work part-time in a hospital and can offer consultations on my free days.',
];

/**
 * A year of outreach for the admin analytics: doctor applications and referrals arriving day by
 * day, decided and converted as they would be, and the accounts of seeded people joining over the
 * year instead of all at the moment of seeding. Uses its own generator, so nothing else moves.
 */
export async function seedOutreachHistory(
  db: Db,
  rng: Rng,
  {
    now,
    adminId,
    referrerIds,
    names,
  }: { now: Date; adminId: string; referrerIds: string[]; names: NameRegister | null },
) {
  const applications: (typeof doctorApplications.$inferInsert)[] = [];
  const invitations: (typeof referrals.$inferInsert)[] = [];
  for (let daysAgo = YEAR_DAYS - 1; daysAgo >= 0; daysAgo--) {
    for (let k = perDay(rng, daysAgo, now, 0.25, 0.8); k > 0; k--) {
      applications.push(application(rng, now, daysAgo, { adminId, names, n: applications.length }));
    }
    for (let k = perDay(rng, daysAgo, now, 0.2, 0.6); k > 0; k--) {
      invitations.push(invitation(rng, now, daysAgo, { referrerIds, n: invitations.length }));
    }
  }
  if (applications.length) await db.insert(doctorApplications).values(applications);
  if (invitations.length) await db.insert(referrals).values(invitations);
  // Converted invitations went through the hold like any reward: the release module pays them.
  for (const held of invitations.filter((row) => row.status === 'held' && row.releaseAt! <= now)) {
    await releaseHeldReward(db, held.id!, held.releaseAt!);
  }
  await spreadSignUps(db, now);
}

function application(
  rng: Rng,
  now: Date,
  daysAgo: number,
  { adminId, names, n }: { adminId: string; names: NameRegister | null; n: number },
): typeof doctorApplications.$inferInsert {
  const region = rng.pick(SEED_REGIONS);
  const drawn = { firstName: rng.pick(FIRST_NAMES[region]), lastName: rng.pick(LAST_NAMES[region]) };
  const { firstName, lastName } = names ? names.claim(drawn, region) : drawn;
  const createdAt = dayAt(rng, now, daysAgo);
  // Most are decided within a week or two; the last fortnight's mostly wait.
  const decided = daysAgo > 21 || (daysAgo > 5 && rng.chance(0.5));
  const status = !decided ? 'pending' : rng.chance(0.7) ? 'approved' : 'rejected';
  const decidedAt = decided ? new Date(createdAt.getTime() + rng.int(1, Math.min(daysAgo - 1, 12)) * DAY) : null;
  const slug = `${firstName}.${lastName}`
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z.]/g, '');
  return {
    id: seededUuid(rng),
    firstName,
    lastName,
    email: `${slug}.${n}@applicants.medora.dev`,
    // Ofcom's range for drama (07700 900000–900999): never someone's real number.
    phone: `+44 7700 900${String(rng.int(0, 999)).padStart(3, '0')}`,
    specialty: rng.pick(PROFILE_SPECIALTIES),
    licenseNumber: `ML-${rng.int(100000, 999999)}`,
    yearsOfExperience: rng.pick(EXPERIENCE_RANGES),
    consultationFee: rng.int(6, 30) * 500,
    aboutMe: rng.pick(ABOUT),
    hasTelemedicineExperience: rng.chance(0.4),
    agreedToTerms: true,
    status,
    createdAt,
    decidedAt,
    decidedBy: decided ? adminId : null,
  };
}

function invitation(
  rng: Rng,
  now: Date,
  daysAgo: number,
  { referrerIds, n }: { referrerIds: string[]; n: number },
): typeof referrals.$inferInsert {
  const referralType = rng.chance(0.75) ? ('patient' as const) : ('doctor' as const);
  const createdAt = dayAt(rng, now, daysAgo);
  const referredEmail = `friend${n}@invited.medora.dev`;
  // About a third qualify (a first paid visit, a verified doctor), weeks after the invitation.
  const qualifiesAfter = rng.int(5, 40);
  // Qualified ones are held for the hold period, then paid by the release module.
  const converted = rng.chance(0.35) && daysAgo > qualifiesAfter;
  const completedAt = converted ? new Date(createdAt.getTime() + qualifiesAfter * DAY) : null;
  return {
    id: seededUuid(rng),
    referrerId: rng.pick(referrerIds),
    referredEmail,
    referredIdentity: emailIdentity(referredEmail),
    referralType,
    status: converted ? 'held' : 'pending',
    rewardAmount: REFERRAL_REWARD_CENTS[referralType],
    createdAt,
    completedAt,
    releaseAt: completedAt ? new Date(completedAt.getTime() + REFERRAL_HOLD_DAYS * DAY) : null,
  };
}

/**
 * Seeded patients joined some weeks before their first visit and doctors some months before
 * theirs, so sign-ups spread over the year; the demo accounts keep the day they were made.
 */
async function spreadSignUps(db: Db, now: Date) {
  const nowText = now.toISOString();
  await db.execute(sql`
    update users u set created_at = least(earliest.at, ${nowText}::timestamptz)
      - make_interval(days => (3 + abs(hashtext(u.id::text)::bigint) % 50)::int)
    from (select patient_id as id, min(created_at) as at from appointments group by patient_id) earliest
    where earliest.id = u.id and u.email like '%@patients.medora.dev'`);
  await db.execute(sql`
    update users u set created_at = least(earliest.at, ${nowText}::timestamptz)
      - make_interval(days => (10 + abs(hashtext(u.id::text)::bigint) % 330)::int)
    from (select d.user_id as id, min(a.created_at) as at
          from doctors d join appointments a on a.doctor_id = d.id group by d.user_id) earliest
    where earliest.id = u.id and u.email like '%@doctors.medora.dev'`);
}
