import { sql } from 'drizzle-orm';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@common/schemas/meta';
import type { ConsultationType } from '@common/constants/consultation-types';
import { feeForType } from '@common/rules/fees';
import { systemClock } from '../core/clock';
import { hashPassword } from '../core/passwords';
import { syncOutbreaks, syncPlan } from '../modules/outbreak/sync';
import type { Db } from './client';
import { buildDoctor, createAppointment, createNotification, createPayment } from './factories';
import { createRng, seededUuid } from './random';
import { recordSeededSale } from './seed-sale';
import { doctors, doctorSchedules, doctorTimeOff, notifications, users } from './schema';
import {
  buildSchedule,
  dayOffNextWeek,
  DEMO_WEEK,
  holidayFor,
  legacyPair,
  scheduleRow,
  seededSlot,
} from './seed-schedules';
import type { SlotContext } from '@common/rules/schedule-slots';
import { SEED_COUNTRIES, SEED_REGIONS } from './seed-data/countries';
import { buildReviewers, insertReviews, reviewWriter } from './seed-reviews';
import { NameRegister } from './seed-names';
import { seedOutreachHistory } from './seed-outreach';

/**
 * A full directory. Any count above the number of specialties (the demo doctor takes the first
 * index) gives every specialty a verified doctor, so a demo checkout of any payable one succeeds.
 */
export const DEFAULT_SEED_DOCTORS = 220;
const SEED = 20261122;
const BATCH = 500;
/** Above this many doctors (benchmarks) each has at most a few reviews, so seeding stays quick. */
const BIG_DIRECTORY = 5_000;
const UNITED_STATES = SEED_COUNTRIES.find((country) => country.code === 'US')!;

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row.n === 0;
}

export async function seedDemoIfEmpty(db: Db, doctorCount = DEFAULT_SEED_DOCTORS): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  await seedDemo(db, { doctors: doctorCount });
  return true;
}

export async function seedDemo(db: Db, opts: { doctors: number; log?: (line: string) => void }) {
  const rng = createRng(SEED);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const [patientAccount, doctorAccount, adminAccount] = DEMO_ACCOUNTS;

  const [patient] = await db
    .insert(users)
    .values({
      email: patientAccount.email,
      passwordHash,
      firstName: 'Paula',
      lastName: 'Patel',
      userType: 'patient',
      isVerified: true,
    })
    .returning();
  const [admin] = await db
    .insert(users)
    .values({
      email: adminAccount.email,
      passwordHash,
      firstName: 'Ada',
      lastName: 'Admin',
      userType: 'admin',
      isVerified: true,
    })
    .returning();

  // Reviews come from their own generator, so adding or changing them never moves doctors' ids.
  const reviewRng = createRng(SEED + 1);
  const reviewers = buildReviewers(reviewRng, SEED_REGIONS);
  await db.insert(users).values([...reviewers.values()].flat());
  const reviewsOf = reviewWriter(reviewRng, reviewers, opts.doctors > BIG_DIRECTORY ? 3 : 40);

  // The demo doctor is one of the listed doctors: index 0 of the same generator, in New York.
  const demo = buildDoctor(rng, 0, { country: UNITED_STATES, specialty: 'Family Medicine' });
  const [demoDoctorUser] = await db
    .insert(users)
    .values({ ...demo.user, email: doctorAccount.email, passwordHash, firstName: 'Daniel', lastName: 'Okafor' })
    .returning();
  const demoRow = {
    ...demo.doctor,
    id: seededUuid(rng),
    userId: demoDoctorUser.id,
    location: 'New York',
    timeZone: 'America/New_York',
    officeAddress: `${demo.doctor.officeAddress?.split(',')[0]}, New York, United States`,
    about:
      'Dr. Okafor is a family physician in New York who looks after adults and children alike, with a focus on preventive care and long-term conditions.',
    languages: ['English', 'French'],
    // Qualified in 2011, a year of internship, three of family medicine residency, in practice since.
    experience: new Date().getFullYear() - 2011,
    practiceYears: new Date().getFullYear() - 2015,
    education: 'MD, 2011',
    medicalSchool: 'Johns Hopkins University School of Medicine',
    residency: 'Family Medicine, Harvard Medical School, 2012–2015',
  };
  Object.assign(demoRow, legacyPair(DEMO_WEEK));
  const demoReviews = reviewsOf(demoRow, 'Okafor', 24);
  const [demoDoctor] = await db.insert(doctors).values(demoReviews.doctor).returning();
  await insertReviews(db, demoReviews);
  const now = new Date();
  const demoDayOff = dayOffNextWeek(demoDoctor.id, demoDoctor.timeZone, now);
  await db.insert(doctorSchedules).values(scheduleRow(demoDoctor.id, DEMO_WEEK));
  await db.insert(doctorTimeOff).values(demoDayOff);
  // Weeks and holidays come from their own generator, so they never move doctors' ids either.
  const weekRng = createRng(SEED + 2);
  // Benchmark directories are far larger than the names can pair up; only the demo's are unique.
  const names = opts.doctors > BIG_DIRECTORY ? null : new NameRegister();
  names?.reserve({ firstName: 'Daniel', lastName: 'Okafor' });
  const regionOf = new Map(SEED_COUNTRIES.map((country) => [country.name, country.region]));

  for (let start = 1; start < opts.doctors; start += BATCH) {
    const userRows: (typeof users.$inferInsert)[] = [];
    const written: ReturnType<typeof reviewsOf>[] = [];
    const weeks: (typeof doctorSchedules.$inferInsert)[] = [];
    const holidays: (typeof doctorTimeOff.$inferInsert)[] = [];
    for (let i = start; i < Math.min(start + BATCH, opts.doctors); i++) {
      const built = uniquelyNamed(buildDoctor(rng, i), names, regionOf);
      const userId = seededUuid(rng);
      const id = seededUuid(rng);
      const week = buildSchedule(weekRng);
      weeks.push(scheduleRow(id, week));
      const holiday = holidayFor(weekRng, id, now);
      if (holiday) holidays.push(holiday);
      userRows.push({ ...built.user, id: userId, email: `doctor${i}@doctors.medora.dev` });
      written.push(reviewsOf({ ...built.doctor, ...legacyPair(week), id, userId }, built.user.lastName));
    }
    await db.insert(users).values(userRows);
    await db.insert(doctors).values(written.map((w) => w.doctor));
    await db.insert(doctorSchedules).values(weeks);
    if (holidays.length) await db.insert(doctorTimeOff).values(holidays);
    await insertReviews(db, ...written);
    if (opts.log && start % 10_000 < BATCH) opts.log(`  ${Math.min(start + BATCH, opts.doctors)} doctors`);
  }

  // Every seeded address counts as confirmed: the demo accounts book and pay at once.
  await db
    .update(users)
    .set({ emailVerifiedAt: sql`now()` })
    .where(sql`${users.emailVerifiedAt} is null`);
  const demoSlots: SlotContext = { schedule: DEMO_WEEK, timeZone: demoDoctor.timeZone, bookings: [], timeOff: [], now };
  demoSlots.timeOff = [{ startsAt: demoDayOff.startsAt.getTime(), endsAt: demoDayOff.endsAt.getTime() }];
  await seedDemoAppointments(db, patient.id, demoDoctor, (days, time) => seededSlot(demoSlots, days, time));
  await seedDemoNotifications(db, patient.id, demoDoctorUser.id);
  // The demo accounts refer nobody: their wallets stay as the journeys expect them.
  await seedOutreachHistory(db, createRng(SEED + 3), {
    now,
    adminId: admin.id,
    referrerIds: [...reviewers.values()].flat().map((person) => person.id!),
    names,
  });
  // The outbreak monitor starts with the bundled snapshot; nothing is fetched from outside.
  // Doctors are not alerted about data that was there before they were.
  await syncOutbreaks(db, syncPlan({ outbreak: { whoUrl: null, casesUrl: null, fetchTimeoutMs: 10_000 } }), {
    actor: null,
    clock: systemClock,
    alert: false,
  });
}

/**
 * The doctor with a name no other demo doctor has (NameRegister); a changed surname is changed in
 * the bio and website that mention it too.
 */
function uniquelyNamed(
  built: ReturnType<typeof buildDoctor>,
  names: NameRegister | null,
  regionOf: Map<string, (typeof SEED_COUNTRIES)[number]['region']>,
): ReturnType<typeof buildDoctor> {
  const region = regionOf.get(built.doctor.country ?? '');
  if (!names || !region) return built;
  const before = { firstName: built.user.firstName, lastName: built.user.lastName };
  const after = names.claim(before, region);
  if (after.firstName === before.firstName && after.lastName === before.lastName) return built;
  if (after.lastName === before.lastName) return { ...built, user: { ...built.user, ...after } };
  const slug = (name: string) => name.toLowerCase().replace(/[^a-z]/g, '');
  const { about, website } = built.doctor;
  return {
    user: { ...built.user, ...after },
    doctor: {
      ...built.doctor,
      about: about ? about.replaceAll(before.lastName, after.lastName) : about,
      website: website ? website.replace(slug(before.lastName), slug(after.lastName)) : website,
    },
  };
}

async function seedDemoAppointments(
  db: Db,
  patientId: string,
  doctor: typeof doctors.$inferSelect,
  daysFromNow: (days: number, time: string) => Date,
) {
  const tz = doctor.timeZone;
  const base = { patientId, doctorId: doctor.id, timeZone: tz };
  const fee = (type: ConsultationType) => feeForType(doctor, type);

  await createAppointment(db, {
    ...base,
    startsAt: daysFromNow(3, '10:00'),
    consultationType: 'video',
    fee: fee('video'),
    reasonForVisit: 'Recurring headaches in the afternoon',
    status: 'pending',
  });

  const confirmed = await createAppointment(db, {
    ...base,
    startsAt: daysFromNow(5, '14:30'),
    consultationType: 'voice',
    fee: fee('voice'),
    reasonForVisit: 'Review of blood test results',
    status: 'confirmed',
  });
  const paidConfirmed = await createPayment(db, {
    appointmentId: confirmed.id,
    patientId,
    purpose: 'appointment',
    amount: confirmed.fee,
    status: 'succeeded',
  });
  await recordSeededSale(db, paidConfirmed, confirmed);

  const completed = await createAppointment(db, {
    ...base,
    startsAt: daysFromNow(-7, '11:00'),
    consultationType: 'video',
    fee: fee('video'),
    reasonForVisit: 'Persistent dry cough',
    status: 'completed',
  });
  const paidCompleted = await createPayment(db, {
    appointmentId: completed.id,
    patientId,
    purpose: 'appointment',
    amount: completed.fee,
    status: 'succeeded',
  });
  await recordSeededSale(db, paidCompleted, completed, { shareAvailable: true });

  await createAppointment(db, {
    ...base,
    startsAt: daysFromNow(-2, '09:30'),
    consultationType: 'in-person',
    fee: fee('in-person'),
    reasonForVisit: 'Annual check-up',
    status: 'cancelled',
    cancelledAt: new Date(Date.now() - 4 * 86_400_000),
  });
}

async function seedDemoNotifications(db: Db, patientId: string, doctorUserId: string) {
  const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);
  const items: Omit<typeof notifications.$inferInsert, 'userId'>[] = [
    {
      type: 'appointment_confirmation',
      titleKey: 'notify.demo.confirmed.title',
      messageKey: 'notify.demo.confirmed.message',
      priority: 'high',
      createdAt: ago(0.5),
    },
    {
      type: 'outbreak_alert',
      titleKey: 'notify.demo.influenza.title',
      messageKey: 'notify.demo.influenza.message',
      priority: 'urgent',
      createdAt: ago(42),
    },
    {
      type: 'appointment_booking',
      titleKey: 'notify.demo.requestReceived.title',
      messageKey: 'notify.demo.requestReceived.message',
      priority: 'medium',
      createdAt: ago(60 * 5),
    },
    {
      type: 'appointment_confirmation',
      titleKey: 'notify.demo.paymentReceived.title',
      messageKey: 'notify.demo.paymentReceived.message',
      priority: 'medium',
      createdAt: ago(60 * 30),
      isRead: true,
    },
    {
      type: 'outbreak_alert',
      titleKey: 'notify.demo.measles.title',
      messageKey: 'notify.demo.measles.message',
      priority: 'high',
      createdAt: ago(60 * 24 * 2),
    },
    {
      type: 'appointment_booking',
      titleKey: 'notify.demo.completeBooking.title',
      messageKey: 'notify.demo.completeBooking.message',
      priority: 'low',
      createdAt: ago(60 * 24 * 4),
      isRead: true,
    },
    {
      type: 'appointment_confirmation',
      titleKey: 'notify.demo.completed.title',
      messageKey: 'notify.demo.completed.message',
      priority: 'medium',
      createdAt: ago(60 * 24 * 7),
    },
    {
      type: 'outbreak_alert',
      titleKey: 'notify.demo.dengue.title',
      messageKey: 'notify.demo.dengue.message',
      priority: 'medium',
      createdAt: ago(60 * 24 * 12),
      isRead: true,
    },
    {
      type: 'appointment_booking',
      titleKey: 'notify.demo.bookingCancelled.title',
      messageKey: 'notify.demo.bookingCancelled.message',
      priority: 'low',
      createdAt: ago(60 * 24 * 14),
    },
  ];
  for (const item of items) await createNotification(db, { userId: patientId, ...item });
  await createNotification(db, {
    userId: doctorUserId,
    type: 'appointment_booking',
    titleKey: 'notify.demo.newBooking.title',
    messageKey: 'notify.demo.newBooking.message',
    priority: 'high',
    createdAt: ago(60 * 5),
  });
}
