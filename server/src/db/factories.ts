import { randomUUID } from 'node:crypto';
import { PROFILE_LANGUAGES } from '@common/constants/lists';
import { findCatalogSpecialty, PROFILE_SPECIALTIES } from '@common/constants/specialties';
import { profileCompleteness } from '@common/rules/profile-completeness';
import { hashPassword } from '../core/passwords';
import type { Db } from './client';
import { appointments, doctorApplications, doctors, notifications, patientProfiles, payments, users } from './schema';
import { createRng, type Rng } from './random';
import { SEED_COUNTRIES, type SeedCountry } from './seed-data/countries';
import { coverageOf } from './seed-data/coverage';
import { FIRST_NAMES, LAST_NAMES } from './seed-data/names';
import { DEFAULT_TRAINING_YEARS, PRACTITIONER, SCHOOLS, TRAINING_YEARS } from './seed-data/schools';

/**
 * Test data and demo data come from the same builders, so the demo exercises what tests check: tests call these with a random
 * seed and unique e-mails; the demo seed calls them with a fixed seed.
 */
export type NewUser = typeof users.$inferInsert;
export type NewDoctor = typeof doctors.$inferInsert;
export type UserRow = typeof users.$inferSelect;
export type DoctorRow = typeof doctors.$inferSelect;

const uniqueEmail = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@test.medora.dev`;

/** Verified by default (the address confirmed); pass `emailVerifiedAt: null` for an account that has not. */
export async function createUser(db: Db, overrides: Partial<NewUser> & { password?: string } = {}): Promise<UserRow> {
  const { password, ...values } = overrides;
  const [row] = await db
    .insert(users)
    .values({
      email: uniqueEmail(values.userType ?? 'patient'),
      firstName: 'Test',
      lastName: 'User',
      emailVerifiedAt: new Date(),
      ...values,
      passwordHash: password ? await hashPassword(password) : (values.passwordHash ?? null),
    })
    .returning();
  return row;
}

const currentYear = new Date().getFullYear();
const roundTo = (value: number, step: number) => Math.round(value / step) * step;

/**
 * A plausible, complete, verified doctor; `index` spreads specialties and countries evenly. The
 * specialties cycle through every one a doctor can choose (common/constants/specialties.ts), which
 * includes every one a patient can pay for, so any run of that many consecutive indexes covers
 * them all and a specialty checkout always finds someone.
 */
export function buildDoctor(
  rng: Rng,
  index: number,
  pin: { country?: SeedCountry; specialty?: string } = {},
): { user: Omit<NewUser, 'email'>; doctor: Omit<NewDoctor, 'userId'> } {
  const country = pin.country ?? SEED_COUNTRIES[index % SEED_COUNTRIES.length];
  const specialty = pin.specialty ?? PROFILE_SPECIALTIES[index % PROFILE_SPECIALTIES.length];
  // Around the specialties page's average fee; specialties not on that page get a typical one.
  const averageFee = findCatalogSpecialty(specialty)?.avgConsultationFee ?? 120;
  const base = roundTo(averageFee * (0.7 + rng.next() * 0.7), 5) * 100;
  // Degree, then specialty training, then practice: the years add up.
  const school = rng.pick(SCHOOLS[country.region]);
  const training = TRAINING_YEARS[specialty] ?? DEFAULT_TRAINING_YEARS;
  // Years since the degree, training included, so residency has always ended.
  const experience = rng.int(training + 1, 32);
  const graduated = currentYear - experience - rng.int(0, 2);
  const practiceYears = Math.max(1, experience - training);
  const coverage = coverageOf(country.code);
  const languages = Array.from(
    new Set([
      ...country.languages,
      ...(rng.chance(0.6) ? ['English'] : []),
      ...(rng.chance(0.2) ? [rng.pick(PROFILE_LANGUAGES)] : []),
    ]),
  );
  const firstName = rng.pick(FIRST_NAMES[country.region]);
  const lastName = rng.pick(LAST_NAMES[country.region]);
  const city = rng.pick(country.cities);
  const doctor: Omit<NewDoctor, 'userId'> = {
    specialty,
    location: city,
    country: country.name,
    timeZone: country.timeZone,
    consultationFee: base,
    videoCallFee: base,
    phoneCallFee: roundTo(base * 0.8, 500),
    inPersonFee: roundTo(base * 1.25, 500),
    // No reviews until rows in reviews say otherwise (the demo seed writes them, see seed-reviews.ts).
    averageRating: null,
    reviewCount: 0,
    isVerified: true,
    isActive: true,
    profileStatus: 'verified',
    languages,
    experience,
    practiceYears,
    about: bio(rng, { lastName, specialty, city, experience }),
    education: `${school.degree}, ${graduated}`,
    medicalSchool: school.name,
    residency: `${specialty}, ${rng.pick(SCHOOLS[country.region]).name}, ${graduated + 1}–${graduated + 1 + training}`,
    licenseNumber: `${country.code}-${rng.int(100000, 999999)}`,
    // "Board certified" is how North America says it; elsewhere a specialist is registered.
    certifications: [
      country.region === 'americas' ? `Board Certified in ${specialty}` : `Specialist registration in ${specialty}`,
    ],
    fellowships: rng.chance(0.4) ? [`Fellowship in ${specialty}`] : [],
    researchInterests: [],
    insuranceAccepted: rng.sample(coverage.insurers, rng.int(1, 4)),
    paymentOptions: rng.sample(coverage.payments, rng.int(2, 4)),
    officeAddress: `${rng.int(1, 240)} ${rng.pick(['Harbour', 'Cedar', 'Park', 'Station', 'Hill', 'Market'])} Street, ${city}, ${country.name}`,
    website: rng.chance(0.3) ? `https://dr-${lastName.toLowerCase().replace(/[^a-z]/g, '')}.example.com` : null,
  };
  doctor.profileCompleteness = profileCompleteness({ ...doctor, consultationFee: base });
  return { user: { firstName, lastName, userType: 'doctor', isVerified: true }, doctor };
}

export async function createDoctor(
  db: Db,
  overrides: { user?: Partial<NewUser> & { password?: string }; doctor?: Partial<NewDoctor>; seed?: number } = {},
): Promise<{ user: UserRow; doctor: DoctorRow }> {
  const rng = createRng(overrides.seed ?? Math.floor(Math.random() * 2 ** 31));
  const built = buildDoctor(rng, rng.int(0, 10_000));
  const user = await createUser(db, { ...built.user, ...overrides.user });
  const [doctor] = await db
    .insert(doctors)
    .values({ ...built.doctor, ...overrides.doctor, userId: user.id })
    .returning();
  return { user, doctor };
}

export async function createAppointment(
  db: Db,
  values: Pick<typeof appointments.$inferInsert, 'patientId' | 'doctorId' | 'startsAt'> &
    Partial<typeof appointments.$inferInsert>,
) {
  const [row] = await db
    .insert(appointments)
    .values({
      timeZone: 'UTC',
      consultationType: 'video',
      reasonForVisit: 'Follow-up consultation',
      fee: 15000,
      ...values,
    })
    .returning();
  return row;
}

/** A doctor's application as the apply form sends it (pending unless a test says otherwise). */
export async function createApplication(
  db: Db,
  values: Pick<typeof doctorApplications.$inferInsert, 'email'> & Partial<typeof doctorApplications.$inferInsert>,
) {
  const [row] = await db
    .insert(doctorApplications)
    .values({
      firstName: 'Ines',
      lastName: 'Applicant',
      phone: '555-0100',
      specialty: 'Cardiology',
      licenseNumber: 'LIC-1',
      yearsOfExperience: '6-10',
      consultationFee: 15000,
      aboutMe: 'Cardiologist',
      agreedToTerms: true,
      ...values,
    })
    .returning();
  return row;
}

/** A complete patient profile (a patient in Berlin, terms agreed), as the intake form saves one. */
export async function createPatientProfile(
  db: Db,
  userId: string,
  overrides: Partial<typeof patientProfiles.$inferInsert> = {},
) {
  const [row] = await db
    .insert(patientProfiles)
    .values({
      userId,
      dateOfBirth: '1990-05-01',
      gender: 'female',
      phoneNumber: '+49 30 1234567',
      address: 'Hauptstrasse 1',
      city: 'Berlin',
      country: 'Germany',
      emergencyContactName: 'Jonas Vogel',
      emergencyContactPhone: '+49 30 7654321',
      emergencyContactRelation: 'spouse',
      agreedToTermsAt: new Date('2026-01-01T00:00:00Z'),
      ...overrides,
    })
    .returning();
  return row;
}

export async function createPayment(
  db: Db,
  values: Omit<typeof payments.$inferInsert, 'provider' | 'providerIntentId'> & Partial<typeof payments.$inferInsert>,
) {
  const [row] = await db
    .insert(payments)
    .values({ provider: 'simulated', providerIntentId: `pi_${randomUUID().replaceAll('-', '')}`, ...values })
    .returning();
  return row;
}

export async function createNotification(
  db: Db,
  values: Pick<typeof notifications.$inferInsert, 'userId'> & Partial<typeof notifications.$inferInsert>,
) {
  const [row] = await db
    .insert(notifications)
    .values({
      type: 'appointment_confirmation',
      // Keys, as the product writes them; a test of an older row passes its English title instead.
      ...(values.title === undefined
        ? { titleKey: 'notify.demo.confirmed.title', messageKey: 'notify.demo.confirmed.message' }
        : { message: 'An older notification.' }),
      ...values,
    })
    .returning();
  return row;
}

const BIO_CLOSINGS = [
  'known for clear explanations and unhurried consultations.',
  'who likes to agree a plan with each patient rather than for them.',
  'with a particular interest in prevention and long-term follow-up.',
  'who takes time to explain results and options in plain words.',
] as const;

function bio(rng: Rng, d: { lastName: string; specialty: string; city: string; experience: number }) {
  const practitioner = PRACTITIONER[d.specialty] ?? `${d.specialty.toLowerCase()} specialist`;
  return `Dr. ${d.lastName} is ${withArticle(practitioner)} in ${d.city} with ${d.experience} years of experience, ${rng.pick(BIO_CLOSINGS)}`;
}

/**
 * "an orthopedic surgeon", "a urologist", "an ENT specialist": the article follows the sound,
 * not just the first letter ("eu-", "uni-", "uro-" sound like "you"; a capitalised abbreviation
 * is read letter by letter).
 */
export function withArticle(phrase: string): string {
  const word = phrase.split(/\s/, 1)[0];
  const vowelSound = /^[A-Z]{2,}$/.test(word)
    ? /^[AEFHILMNORSX]/.test(word)
    : /^(hour|honest|honou?r|heir)/i.test(word) ||
      (/^[aeiou]/i.test(word) && !/^(eu|uni|uro|use|usu|ure|one|once)/i.test(word));
  return `${vowelSound ? 'an' : 'a'} ${phrase}`;
}
