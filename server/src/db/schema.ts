import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CONSULTATION_ROLES, CONSULTATION_TYPE_VALUES } from '@common/constants/consultation-types';
import { NOTIFICATION_PRIORITIES, NOTIFICATION_TYPES } from '@common/constants/notifications';
import { PROFILE_SPECIALTIES } from '@common/constants/specialties';
import type { PendingCredentials } from '@common/schemas/doctor-profile';
import {
  APPLICATION_STATUSES,
  APPOINTMENT_STATUSES,
  CONSULTATION_STATUSES,
  EARNING_STATUSES,
  PAYMENT_STATUSES,
  PENDING_PAYMENT_STATUSES,
  PAYOUT_STATUSES,
  PROFILE_STATUSES,
  PROPOSAL_STATUSES,
  REFERRAL_STATUSES,
} from '@common/constants/statuses';
import { REFERRAL_TYPES } from '@common/constants/referrals';
import {
  OUTBREAK_SEVERITIES,
  OUTBREAK_SOURCES,
  REPORT_PURCHASE_STATUSES,
  REPORT_TIERS,
} from '@common/constants/outbreak';
import { CAMPAIGN_AUDIENCES, EMAIL_EVENTS } from '@common/constants/admin';
import {
  MAX_CONSULTATION_FEE_CENTS,
  MIN_CONSULTATION_FEE_CENTS,
  PLATFORM_FEE_PERCENT,
} from '@common/constants/platform';
import { USER_TYPES } from '@common/constants/user-types';
import { EMERGENCY_RELATIONS, GENDERS, PATIENT_LANGUAGES } from '@common/constants/patient-profile';
import { WALLET_REASONS } from '@common/constants/wallet';
import { ACCOUNT_TOKEN_PURPOSES } from '@common/constants/account-tokens';
import { PAYOUT_ACCOUNT_KINDS } from '@common/constants/receipts';
import type { WeeklyHours } from '@common/schemas/schedule';
import { EMAIL_KINDS, EMAIL_STATUSES, JOB_KINDS, JOB_STATUSES } from '@common/constants/email';
import { DEVICE_CHECK_RESULTS, NETWORK_CHECK_RESULTS } from '@common/constants/prechecks';
import { CONVERSATION_STATUSES, DOCUMENT_CONTENT_TYPES } from '@common/constants/care';
import { FAMILY_RELATIONSHIPS } from '@common/constants/family';
import { MARKED_OUTCOMES, OUTCOME_HOLD_STATUSES } from '@common/constants/visit-outcomes';
import { SIGNED_DOCUMENT_KINDS } from '@common/constants/care-documents';
import { WAITLIST_STATUSES } from '@common/constants/waitlist';
import { inList } from './in-list';

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/**
 * A CHECK that the column holds one of the list's values, so the database refuses what the
 * TypeScript types already refuse, whoever writes. The values are inlined (DDL takes no
 * parameters); they are our own constants, quoted anyway.
 */
const oneOf = (name: string, column: AnyPgColumn, values: readonly string[]) => check(name, inList(column, values));

const textList = (name: string) =>
  text(name)
    .array()
    .notNull()
    .default(sql`'{}'::text[]`);

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    profileImageUrl: text('profile_image_url'),
    userType: text('user_type', { enum: USER_TYPES }).notNull().default('patient'),
    isActive: boolean('is_active').notNull().default(true),
    isVerified: boolean('is_verified').notNull().default(false),
    // Cents; always equal to the latest wallet_entries.balance_after of the user.
    walletBalance: integer('wallet_balance').notNull().default(0),
    // Given out on first use of the referral page; unique so a sign-up link names one person.
    referralCode: text('referral_code'),
    // The person asked for no marketing e-mail; whatever sends it reads this first.
    marketingEmailOptOut: boolean('marketing_email_opt_out').notNull().default(false),
    // Set when the person deleted their account; the row stays, stripped, for the records kept.
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    // When the person proved they read mail at `email`; null until then (booking, paying... refused).
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    // The IANA zone this person reads every time in (decision 047); null until detected or chosen.
    timeZone: text('time_zone'),
    // The language screens, e-mails and documents use for this person (en, es, ar); null until chosen
    // or detected. No check: a code this release does not know reads as English (decision 058).
    language: text('language'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_referral_code_key').on(t.referralCode),
    index('users_created_idx').on(t.createdAt, t.id),
    oneOf('users_user_type_check', t.userType, USER_TYPES),
    check('users_wallet_balance_check', sql`${t.walletBalance} >= 0`),
  ],
);

/** A patient's own record: contact, emergency contact and medical details (health data). */
export const patientProfiles = pgTable(
  'patient_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    dateOfBirth: text('date_of_birth').notNull(),
    gender: text('gender', { enum: GENDERS }).notNull(),
    phoneNumber: text('phone_number').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    state: text('state'),
    zipCode: text('zip_code'),
    country: text('country').notNull(),
    emergencyContactName: text('emergency_contact_name').notNull(),
    emergencyContactPhone: text('emergency_contact_phone').notNull(),
    emergencyContactRelation: text('emergency_contact_relation', { enum: EMERGENCY_RELATIONS }).notNull(),
    medicalHistory: text('medical_history'),
    currentMedications: text('current_medications'),
    allergies: text('allergies'),
    preferredLanguage: text('preferred_language', { enum: PATIENT_LANGUAGES }).notNull().default('English'),
    agreedToTermsAt: timestamp('agreed_to_terms_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    oneOf('patient_profiles_gender_check', t.gender, GENDERS),
    oneOf('patient_profiles_relation_check', t.emergencyContactRelation, EMERGENCY_RELATIONS),
    oneOf('patient_profiles_language_check', t.preferredLanguage, PATIENT_LANGUAGES),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    // SHA-256 of the cookie token, so a leaked table cannot be replayed as cookies.
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    // What the sessions list shows and names the session by; the id above never leaves the server.
    publicId: uuid('public_id').notNull().defaultRandom(),
    userAgent: text('user_agent').notNull().default(''),
    ipAddress: text('ip_address').notNull().default(''),
  },
  (t) => [index('sessions_user_idx').on(t.userId), uniqueIndex('sessions_public_id_key').on(t.publicId)],
);

/**
 * A user's TOTP secret (RFC 6238): pending from setup until the first code enables it. The
 * secret is never logged nor sent again after setup.
 */
export const userTotp = pgTable('user_totp', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  // The time step of the last code accepted: a code of that step or an earlier one is a replay.
  lastStep: bigint('last_step', { mode: 'number' }).notNull().default(0),
  createdAt: createdAt(),
});

/** Single-use recovery codes, stored as SHA-256 hashes. */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('mfa_recovery_codes_user_hash_key').on(t.userId, t.codeHash)],
);

/** A sign-in whose password was right and whose second factor is awaited: never a session. */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    // SHA-256 of the challenge cookie's token.
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent').notNull().default(''),
    ipAddress: text('ip_address').notNull().default(''),
    // The provider's ID token when a provider sign-in waits on the code step: the session the code
    // opens keeps it (oidc_sessions) for the provider's sign-out. Goes with the challenge.
    idToken: text('id_token'),
    createdAt: createdAt(),
  },
  (t) => [index('mfa_challenges_user_idx').on(t.userId)],
);

/**
 * A Medora account's link to a person at the configured OpenID Connect provider (decision 057).
 * Sign-ins match by issuer and subject first; the e-mail is only how the link was first made.
 */
export const oidcIdentities = pgTable(
  'oidc_identities',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    emailAtLink: text('email_at_link').notNull(),
    createdAt: createdAt(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('oidc_identities_issuer_subject_key').on(t.issuer, t.subject),
    // One person at one provider per account: a second subject claiming the same address is refused.
    uniqueIndex('oidc_identities_user_issuer_key').on(t.userId, t.issuer),
  ],
);

/**
 * A sign-in sent to the provider and not yet back: PKCE verifier and nonce for one callback. The
 * key is the SHA-256 of `state`, which the browser also holds in a cookie; the row is deleted when
 * the callback uses it, so a replayed callback finds nothing.
 */
export const oidcLogins = pgTable(
  'oidc_logins',
  {
    id: text('id').primaryKey(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    returnTo: text('return_to').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('oidc_logins_expires_idx').on(t.expiresAt)],
);

/** A person the provider vouched for who has no account yet: waiting to choose patient or doctor. */
export const oidcSignups = pgTable(
  'oidc_signups',
  {
    // SHA-256 of the sign-up cookie's token.
    id: text('id').primaryKey(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    idToken: text('id_token').notNull(),
    returnTo: text('return_to').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('oidc_signups_expires_idx').on(t.expiresAt)],
);

/**
 * The ID token a session was opened with, kept only to name the session to the provider's
 * sign-out (`id_token_hint`); it goes with the session.
 */
export const oidcSessions = pgTable('oidc_sessions', {
  sessionId: text('session_id')
    .primaryKey()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  idToken: text('id_token').notNull(),
  createdAt: createdAt(),
});

/**
 * One private iCalendar feed per user. The URL's token is an HMAC of `salt` under a stored key, so
 * the owner can see the same URL again while the table alone (salt and the token's SHA-256) cannot
 * rebuild it; rotating draws a new salt and the old URL stops matching.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  salt: text('salt').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
});

export const doctors = pgTable(
  'doctors',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // '' while a draft has none yet.
    specialty: text('specialty').notNull().default(''),
    secondarySpecialties: textList('secondary_specialties'),
    location: text('location').notNull().default(''),
    country: text('country').notNull().default(''),
    timeZone: text('time_zone').notNull().default('UTC'),
    // Money is integer cents everywhere (docs/decisions/007-fees-in-dollars-answered-in-cents.md).
    consultationFee: integer('consultation_fee').notNull().default(0),
    videoCallFee: integer('video_call_fee'),
    phoneCallFee: integer('phone_call_fee'),
    inPersonFee: integer('in_person_fee'),
    averageRating: doublePrecision('average_rating'),
    reviewCount: integer('review_count').notNull().default(0),
    isVerified: boolean('is_verified').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    profileStatus: text('profile_status', { enum: PROFILE_STATUSES }).notNull().default('draft'),
    languages: textList('languages'),
    experience: integer('experience'),
    about: text('about'),
    education: text('education'),
    medicalSchool: text('medical_school'),
    licenseNumber: text('license_number'),
    residency: text('residency'),
    website: text('website'),
    linkedinProfile: text('linkedin_profile'),
    officeAddress: text('office_address'),
    profileImageUrl: text('profile_image_url'),
    fellowships: textList('fellowships'),
    certifications: textList('certifications'),
    researchInterests: textList('research_interests'),
    insuranceAccepted: textList('insurance_accepted'),
    paymentOptions: textList('payment_options'),
    practiceYears: integer('practice_years'),
    availableFrom: text('available_from'),
    availableTo: text('available_to'),
    profileCompleteness: integer('profile_completeness').notNull().default(0),
    // A verified doctor's changed credentials, shown to nobody but the doctor and administrators
    // until approved (docs/decisions/046-pending-credential-changes.md).
    pendingCredentials: jsonb('pending_credentials').$type<PendingCredentials>(),
    payoutAccountLast4: text('payout_account_last4'),
    // Copies of the account's name (lower-case, as users' admin search spells it) and e-mail, kept
    // by triggers (migrations/*_doctor_admin_search.sql) so the admin doctors list searches and
    // sorts doctors alone and joins accounts only for the page it shows.
    searchName: text('search_name').notNull().default(''),
    searchEmail: text('search_email').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('doctors_user_key').on(t.userId),
    index('doctors_search_email_idx').on(sql`${t.searchEmail} text_pattern_ops`),
    // The schedules doctors keep, read by a loose scan (doctors/next-available.ts): same expressions.
    index('doctors_schedule_idx').on(
      t.timeZone,
      sql`coalesce(${t.availableFrom}, '')`,
      sql`coalesce(${t.availableTo}, '')`,
    ),
    oneOf('doctors_specialty_check', t.specialty, ['', ...PROFILE_SPECIALTIES]),
    oneOf('doctors_profile_status_check', t.profileStatus, PROFILE_STATUSES),
  ],
);

export const appointments = pgTable(
  'appointments',
  {
    id: id(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id),
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => doctors.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    // The doctor's zone at booking time, so the local date and time shown never drift.
    timeZone: text('time_zone').notNull(),
    consultationType: text('consultation_type', { enum: CONSULTATION_TYPE_VALUES }).notNull(),
    // The visit's length when booked (the doctor's length for its type then); with the doctor's
    // buffer it is the time the booking keeps from other slots.
    durationMinutes: integer('duration_minutes').notNull().default(30),
    reasonForVisit: text('reason_for_visit').notNull(),
    additionalNotes: text('additional_notes'),
    fee: integer('fee').notNull(),
    status: text('status', { enum: APPOINTMENT_STATUSES }).notNull().default('pending'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    // The doctor's reason when they cancelled; shown to the patient.
    cancellationReason: text('cancellation_reason'),
    // Raised at every move, so calendars replace the event they hold under the same UID.
    calendarSequence: integer('calendar_sequence').notNull().default(0),
    // The family member the holder booked for (issue 42); null when the visit is the holder's own.
    familyMemberId: uuid('family_member_id').references((): AnyPgColumn => familyMembers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('appointments_family_member_idx')
      .on(t.familyMemberId)
      .where(sql`${t.familyMemberId} is not null`),
    // One live booking per doctor and start instant; cancelled ones free the slot again.
    uniqueIndex('appointments_doctor_slot_key')
      .on(t.doctorId, t.startsAt)
      .where(sql`${t.status} <> 'cancelled'`),
    index('appointments_patient_idx').on(t.patientId, t.startsAt),
    // The unpaid-hold cap counts a patient's holds at every booking (migration 0067).
    index('appointments_patient_pending_idx')
      .on(t.patientId)
      .where(sql`${t.status} = 'pending'`),
    index('appointments_doctor_idx').on(t.doctorId, t.startsAt),
    // The doctors with bookings in a search's window, read once for the soonest sort (doctors/next-available.ts).
    index('appointments_live_starts_idx')
      .on(t.startsAt)
      .where(sql`${t.status} in ('pending', 'confirmed', 'scheduled')`),
    oneOf('appointments_status_check', t.status, APPOINTMENT_STATUSES),
    oneOf('appointments_consultation_type_check', t.consultationType, CONSULTATION_TYPE_VALUES),
  ],
);

/**
 * A doctor's week and booking rules (common/schemas/schedule.ts). A doctor without a row keeps the
 * default built from their old availableFrom/availableTo (common/rules/schedule-rules.ts). Saving a
 * schedule raises `version`, which bookings compare under the doctor's lock (docs/schedule.md).
 */
export const doctorSchedules = pgTable(
  'doctor_schedules',
  {
    doctorId: uuid('doctor_id')
      .primaryKey()
      .references(() => doctors.id, { onDelete: 'cascade' }),
    // {mon: [{start, end}], …, sun: []}, wall-clock in the doctor's zone.
    weekly: jsonb('weekly').$type<WeeklyHours>().notNull(),
    videoMinutes: smallint('video_minutes').notNull().default(30),
    voiceMinutes: smallint('voice_minutes').notNull().default(30),
    inPersonMinutes: smallint('in_person_minutes').notNull().default(30),
    bufferMinutes: smallint('buffer_minutes').notNull().default(0),
    minNoticeMinutes: integer('min_notice_minutes').notNull().default(120),
    horizonDays: smallint('horizon_days').notNull().default(180),
    dailyCap: smallint('daily_cap'),
    version: integer('version').notNull().default(1),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'doctor_schedules_visit_check',
      sql`${t.videoMinutes} in (15, 20, 30, 45, 60) and ${t.voiceMinutes} in (15, 20, 30, 45, 60) and ${t.inPersonMinutes} in (15, 20, 30, 45, 60)`,
    ),
    check('doctor_schedules_buffer_check', sql`${t.bufferMinutes} between 0 and 30`),
    check('doctor_schedules_notice_check', sql`${t.minNoticeMinutes} between 0 and 20160`),
    check('doctor_schedules_horizon_check', sql`${t.horizonDays} between 1 and 180`),
    check('doctor_schedules_cap_check', sql`${t.dailyCap} is null or ${t.dailyCap} between 1 and 100`),
  ],
);

/** A doctor's time away: every slot it touches is hidden. The label is private to the doctor. */
export const doctorTimeOff = pgTable(
  'doctor_time_off',
  {
    id: id(),
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => doctors.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    label: text('label'),
    createdAt: createdAt(),
  },
  (t) => [
    index('doctor_time_off_doctor_idx').on(t.doctorId, t.endsAt),
    check('doctor_time_off_range_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * A new time a doctor offers for a confirmed appointment. It applies only while the appointment is
 * still at `fromStartsAt` and the proposed slot is ahead; one open proposal per appointment.
 */
export const appointmentProposals = pgTable(
  'appointment_proposals',
  {
    id: id(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id),
    fromStartsAt: timestamp('from_starts_at', { withTimezone: true }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: PROPOSAL_STATUSES }).notNull().default('open'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('appointment_proposals_open_key')
      .on(t.appointmentId)
      .where(sql`${t.status} = 'open'`),
    oneOf('appointment_proposals_status_check', t.status, PROPOSAL_STATUSES),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: id(),
    appointmentId: uuid('appointment_id').references(() => appointments.id),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose', { enum: ['appointment', 'specialty', 'report'] }).notNull(),
    specialty: text('specialty'),
    provider: text('provider').notNull(),
    providerIntentId: text('provider_intent_id').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull(),
    refundedAmount: integer('refunded_amount').notNull().default(0),
    // The part of `amount` paid from the patient's wallet; the card was charged the rest.
    walletAmount: integer('wallet_amount').notNull().default(0),
    providerRefundId: text('provider_refund_id'),
    // Failed asks for the card refund in the current round, and rounds an administrator restarted
    // (each round asks under its own idempotency key); the note closes one resolved by hand.
    refundFailures: integer('refund_failures').notNull().default(0),
    refundRetries: integer('refund_retries').notNull().default(0),
    refundNote: text('refund_note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_intent_key').on(t.provider, t.providerIntentId),
    index('payments_refund_failed_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} = 'refund_failed'`),
    index('payments_appointment_idx').on(t.appointmentId),
    // One payment per appointment: a second checkout reuses the first intent, and an
    // appointment's payment status is a single row (modules/appointments/payment-status.ts).
    uniqueIndex('payments_appointment_key')
      .on(t.appointmentId)
      .where(sql`${t.appointmentId} is not null`),
    index('payments_patient_idx').on(t.patientId),
    index('payments_created_idx').on(t.createdAt),
    // The admin's pending-payments card counts through it (migration 0065).
    index('payments_pending_idx').on(t.status).where(inList(t.status, PENDING_PAYMENT_STATUSES)),
    oneOf('payments_status_check', t.status, PAYMENT_STATUSES),
    check('payments_wallet_amount_check', sql`${t.walletAmount} between 0 and ${t.amount}`),
  ],
);

export const payouts = pgTable(
  'payouts',
  {
    id: id(),
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => doctors.id),
    amount: integer('amount').notNull(),
    payoutMethod: text('payout_method').notNull().default('bank_transfer'),
    bankAccount: text('bank_account'),
    status: text('status', { enum: PAYOUT_STATUSES }).notNull().default('pending'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    failureReason: text('failure_reason'),
  },
  (t) => [
    index('payouts_doctor_idx').on(t.doctorId, t.requestedAt),
    index('payouts_requested_idx').on(t.requestedAt),
    oneOf('payouts_status_check', t.status, PAYOUT_STATUSES),
  ],
);

export const earnings = pgTable(
  'earnings',
  {
    id: id(),
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => doctors.id),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id),
    paymentId: uuid('payment_id').references(() => payments.id),
    grossAmount: integer('gross_amount').notNull(),
    platformCommission: integer('platform_commission').notNull(),
    netEarnings: integer('net_earnings').notNull(),
    status: text('status', { enum: EARNING_STATUSES }).notNull().default('pending'),
    payoutId: uuid('payout_id').references(() => payouts.id),
    earnedAt: timestamp('earned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('earnings_appointment_key').on(t.appointmentId),
    index('earnings_doctor_idx').on(t.doctorId, t.earnedAt),
    check('earnings_split_check', sql`${t.netEarnings} + ${t.platformCommission} = ${t.grossAmount}`),
    oneOf('earnings_status_check', t.status, EARNING_STATUSES),
  ],
);

export const consultations = pgTable(
  'consultations',
  {
    // A consultation has no id of its own: it is addressed by its appointment's id.
    appointmentId: uuid('appointment_id')
      .primaryKey()
      .references(() => appointments.id),
    status: text('status', { enum: CONSULTATION_STATUSES }).notNull().default('waiting'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [oneOf('consultations_status_check', t.status, CONSULTATION_STATUSES)],
);

/**
 * A visit outcome the doctor marked by hand (in-person done, no-show): the doctor's share stays
 * pending until `release_at` unless the patient disputes it first; an administrator then refunds
 * or releases (decision 073). One row per appointment; its moves are in modules/disputes/moves.ts.
 */
export const outcomeHolds = pgTable(
  'outcome_holds',
  {
    appointmentId: uuid('appointment_id')
      .primaryKey()
      .references(() => appointments.id),
    outcome: text('outcome', { enum: MARKED_OUTCOMES }).notNull(),
    status: text('status', { enum: OUTCOME_HOLD_STATUSES }).notNull().default('held'),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull(),
    releaseAt: timestamp('release_at', { withTimezone: true }).notNull(),
    disputeReason: text('dispute_reason'),
    disputedAt: timestamp('disputed_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => users.id),
    resolutionNote: text('resolution_note'),
  },
  (t) => [
    // The release sweep reads the held ones that are due.
    index('outcome_holds_due_idx')
      .on(t.releaseAt)
      .where(sql`${t.status} = 'held'`),
    index('outcome_holds_disputed_idx')
      .on(t.disputedAt)
      .where(sql`${t.status} = 'disputed'`),
    oneOf('outcome_holds_status_check', t.status, OUTCOME_HOLD_STATUSES),
    oneOf('outcome_holds_outcome_check', t.outcome, MARKED_OUTCOMES),
  ],
);

/**
 * One row per appointment, written by its doctor: private notes (never shown to the patient) and
 * the after-visit summary, which the patient sees once `shared_at` is set.
 */
export const visitNotes = pgTable(
  'visit_notes',
  {
    appointmentId: uuid('appointment_id')
      .primaryKey()
      .references(() => appointments.id),
    privateNotes: text('private_notes').notNull().default(''),
    diagnosis: text('diagnosis').notNull().default(''),
    advice: text('advice').notNull().default(''),
    followUpDays: smallint('follow_up_days'),
    sharedAt: timestamp('shared_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('visit_notes_follow_up_days_check', sql`${t.followUpDays} between 1 and 365`)],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    // A growing integer id lets a reconnecting client ask for "everything after N".
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    consultationId: uuid('consultation_id')
      .notNull()
      .references(() => consultations.appointmentId),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id),
    senderName: text('sender_name').notNull(),
    message: text('message').notNull(),
    // The sender's own id for the message, so a resend after a dropped socket is stored once.
    clientMessageId: uuid('client_message_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_messages_consultation_idx').on(t.consultationId, t.id),
    uniqueIndex('chat_messages_client_key').on(t.consultationId, t.senderId, t.clientMessageId),
  ],
);

/**
 * Who was in a consultation room and when: one row per socket that joined, closed when it leaves,
 * closes or misses its heartbeat. Ending the consultation measures how long doctor and patient
 * were in the room together before the earning is released.
 */
export const consultationPresence = pgTable(
  'consultation_presence',
  {
    id: id(),
    consultationId: uuid('consultation_id')
      .notNull()
      .references(() => consultations.appointmentId),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    role: text('role', { enum: CONSULTATION_ROLES }).notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    leftAt: timestamp('left_at', { withTimezone: true }),
  },
  (t) => [
    index('consultation_presence_consultation_idx').on(t.consultationId),
    oneOf('consultation_presence_role_check', t.role, CONSULTATION_ROLES),
    check('consultation_presence_interval_check', sql`${t.leftAt} is null or ${t.leftAt} >= ${t.joinedAt}`),
  ],
);

/**
 * Each participant's latest pre-call check of one consultation (camera, microphone, network), so the
 * doctor sees beside the patient whether the call is likely to work. One row per person and visit.
 */
export const consultationPrechecks = pgTable(
  'consultation_prechecks',
  {
    consultationId: uuid('consultation_id')
      .notNull()
      .references(() => consultations.appointmentId),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    role: text('role', { enum: CONSULTATION_ROLES }).notNull(),
    camera: text('camera', { enum: DEVICE_CHECK_RESULTS }).notNull(),
    microphone: text('microphone', { enum: DEVICE_CHECK_RESULTS }).notNull(),
    network: text('network', { enum: NETWORK_CHECK_RESULTS }).notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.consultationId, t.userId] }),
    oneOf('consultation_prechecks_role_check', t.role, CONSULTATION_ROLES),
    oneOf('consultation_prechecks_camera_check', t.camera, DEVICE_CHECK_RESULTS),
    oneOf('consultation_prechecks_microphone_check', t.microphone, DEVICE_CHECK_RESULTS),
    oneOf('consultation_prechecks_network_check', t.network, NETWORK_CHECK_RESULTS),
  ],
);

/** A notification's message values, kept as data so each reader sees them in their own language and clock. */
export type NotificationValue = string | number | { at: string; zone: string; otherZone?: string } | { cents: number };
export type NotificationValues = Record<string, NotificationValue>;

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    /** English, on rows written before the keys (issue 28); newer rows keep keys and values only (decision 099). */
    title: text('title'),
    message: text('message'),
    /** Catalogue keys (common/i18n/<lang>/server/notify.json); null on rows written before them. */
    titleKey: text('title_key'),
    messageKey: text('message_key'),
    /** The messages' values: plain text, or `{ at, zone, otherZone }` / `{ cents }` formatted when read. */
    values: jsonb('values').$type<NotificationValues>(),
    priority: text('priority', { enum: NOTIFICATION_PRIORITIES }).notNull().default('medium'),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt),
    oneOf('notifications_type_check', t.type, NOTIFICATION_TYPES),
    oneOf('notifications_priority_check', t.priority, NOTIFICATION_PRIORITIES),
    // Something to say: the keys, or an older row's English.
    check(
      'notifications_words_check',
      sql`(${t.titleKey} is not null and ${t.messageKey} is not null) or (${t.title} is not null and ${t.message} is not null)`,
    ),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id),
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => doctors.id),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id),
    rating: smallint('rating').notNull(),
    comment: text('comment'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reviews_appointment_key').on(t.appointmentId),
    index('reviews_doctor_idx').on(t.doctorId, t.createdAt),
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
  ],
);

/** Applications from /join-doctors wait here until the team reaches out. */
export const doctorApplications = pgTable(
  'doctor_applications',
  {
    id: id(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    specialty: text('specialty').notNull(),
    licenseNumber: text('license_number').notNull(),
    yearsOfExperience: text('years_of_experience').notNull(),
    currentPractice: text('current_practice'),
    consultationFee: integer('consultation_fee').notNull(),
    availableHours: text('available_hours'),
    languages: textList('languages'),
    aboutMe: text('about_me').notNull(),
    whyTelemedicine: text('why_telemedicine'),
    hasTelemedicineExperience: boolean('has_telemedicine_experience').notNull().default(false),
    agreedToTerms: boolean('agreed_to_terms').notNull(),
    status: text('status', { enum: APPLICATION_STATUSES }).notNull().default('pending'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // One open application per e-mail; a decided one does not block applying again.
    uniqueIndex('doctor_applications_pending_email_key')
      .on(t.email)
      .where(sql`${t.status} = 'pending'`),
    index('doctor_applications_created_idx').on(t.createdAt),
    oneOf('doctor_applications_status_check', t.status, APPLICATION_STATUSES),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // PGlite returns Uint8Array, node-postgres Buffer; services always see a Buffer.
  fromDriver: (value) => Buffer.from(value),
});

/** Profile photos live in the database so every app instance can serve them. */
export const doctorPhotos = pgTable(
  'doctor_photos',
  {
    id: id(),
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => doctors.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    data: bytea('data').notNull(),
    byteSize: integer('byte_size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('doctor_photos_doctor_idx').on(t.doctorId)],
);

/**
 * The simulated card processor's PaymentIntents: the same life cycle as Stripe's
 * (requires_payment_method → succeeded, refunds), persisted so a restart loses nothing.
 */
export const simulatedPaymentIntents = pgTable(
  'simulated_payment_intents',
  {
    id: text('id').primaryKey(),
    clientSecret: text('client_secret').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status').notNull().default('requires_payment_method'),
    /** JSON object of strings, like Stripe's metadata. */
    metadata: text('metadata').notNull().default('{}'),
    idempotencyKey: text('idempotency_key').unique('simulated_payment_intents_idempotency_key'),
    lastErrorCode: text('last_error_code'),
    lastErrorMessage: text('last_error_message'),
    cardLast4: text('card_last4'),
    amountRefunded: integer('amount_refunded').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // A card confirmation finds its intent by the secret the checkout holds (migration 0064).
  (t) => [uniqueIndex('simulated_payment_intents_client_secret_key').on(t.clientSecret)],
);

/**
 * Append-only record of every administrative action and of every read of a patient's records by
 * someone other than the patient. A trigger refuses UPDATE and DELETE. No foreign keys: the trail
 * outlives the accounts it names. `subject_user_id` is the person whose records were touched, so a
 * patient can see who accessed them.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    actorId: uuid('actor_id'),
    actorRole: text('actor_role', { enum: USER_TYPES }),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    subjectUserId: uuid('subject_user_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    requestId: text('request_id'),
  },
  (t) => [
    index('audit_events_occurred_idx').on(t.occurredAt),
    index('audit_events_subject_idx').on(t.subjectUserId, t.occurredAt),
    index('audit_events_actor_idx').on(t.actorId, t.occurredAt),
    check('audit_events_action_check', sql`${t.action} ~ '^[a-z_]+\\.[a-z_]+$'`),
    oneOf('audit_events_actor_role_check', t.actorRole, USER_TYPES),
  ],
);

/**
 * How often one person read one record within the ten minutes after the audit row of the first
 * read (decision 069): the row's count and last-read time. audit_events stays append-only; a
 * trigger lets a row here only grow (count up, last read forward) and never be deleted.
 */
export const auditReadRepeats = pgTable(
  'audit_read_repeats',
  {
    eventId: bigint('event_id', { mode: 'number' })
      .primaryKey()
      .references(() => auditEvents.id),
    readCount: integer('read_count').notNull(),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('audit_read_repeats_count_check', sql`${t.readCount} >= 2`)],
);

/**
 * An invitation from a user to an e-mail address. It becomes `completed` when the invited person
 * signs up and qualifies (a patient's first paid consultation, a doctor's verification) and
 * `rewarded` once the reward is in the referrer's wallet.
 */
export const referrals = pgTable(
  'referrals',
  {
    id: id(),
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    referredEmail: text('referred_email').notNull(),
    referralType: text('referral_type', { enum: REFERRAL_TYPES }).notNull(),
    status: text('status', { enum: REFERRAL_STATUSES }).notNull().default('pending'),
    referredUserId: uuid('referred_user_id').references(() => users.id, { onDelete: 'set null' }),
    rewardAmount: integer('reward_amount').notNull(),
    // The referred address folded (lower case, no +tag, see common/rules/email-identity.ts): one
    // reward per person however the address is spelled or re-registered.
    referredIdentity: text('referred_identity'),
    // The payment whose completed consultation qualified the referral; its refund reverses it.
    qualifyingPaymentId: uuid('qualifying_payment_id').references(() => payments.id),
    // When a held reward goes into the wallet (the end of the refund window).
    releaseAt: timestamp('release_at', { withTimezone: true }),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    rewardedAt: timestamp('rewarded_at', { withTimezone: true }),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('referrals_referred_identity_key').on(t.referredIdentity),
    index('referrals_qualifying_payment_idx').on(t.qualifyingPaymentId),
    index('referrals_referrer_idx').on(t.referrerId, t.createdAt),
    index('referrals_created_idx').on(t.createdAt),
    index('referrals_referred_user_idx').on(t.referredUserId),
    // One person is referred once, by whoever asked first.
    uniqueIndex('referrals_referred_email_key').on(t.referredEmail),
    oneOf('referrals_type_check', t.referralType, REFERRAL_TYPES),
    oneOf('referrals_status_check', t.status, REFERRAL_STATUSES),
    check('referrals_reward_check', sql`${t.rewardAmount} >= 0`),
  ],
);

/**
 * The wallet as a ledger: every credit (positive) and debit (negative) with the balance after it.
 * users.wallet_balance is moved in the same statement order under the user's row lock, so
 * balance_after is a running total that the CHECK keeps from going below zero. A reward or a
 * payment's debit and refund each happen once: the unique keys refuse a second row.
 */
export const walletEntries = pgTable(
  'wallet_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    amount: integer('amount').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason', { enum: WALLET_REASONS }).notNull(),
    referralId: uuid('referral_id').references(() => referrals.id),
    paymentId: uuid('payment_id').references(() => payments.id),
    // What the account holder reads beside the line (an administrator's reason for a credit).
    memo: text('memo'),
    createdAt: createdAt(),
  },
  (t) => [
    index('wallet_entries_user_idx').on(t.userId, t.id),
    uniqueIndex('wallet_entries_referral_key')
      .on(t.reason, t.referralId)
      .where(sql`${t.referralId} is not null`),
    uniqueIndex('wallet_entries_payment_key')
      .on(t.reason, t.paymentId)
      .where(sql`${t.paymentId} is not null`),
    oneOf('wallet_entries_reason_check', t.reason, WALLET_REASONS),
    check('wallet_entries_balance_check', sql`${t.balanceAfter} >= 0`),
    check('wallet_entries_amount_check', sql`${t.amount} <> 0`),
  ],
);

/**
 * One header per ledger transfer: its key, kind and the hash of its legs, so a replay under the
 * key with other legs is told apart from a harmless one (decision 072). Append-only.
 */
export const transfers = pgTable('transfers', {
  key: text('key').primaryKey(),
  kind: text('kind').notNull(),
  legsHash: text('legs_hash').notNull(),
  createdAt: createdAt(),
});

/**
 * The money ledger (modules/ledger): every movement of money is a transfer of legs between named
 * accounts that sum to zero. A transfer is posted once: its key (e.g. `charge:<paymentId>`) and
 * account are unique together, so a replayed post adds nothing. The database refuses UPDATE and
 * DELETE of a row, and at commit a transfer that does not sum to zero or whose legs differ from
 * its header (migrations/0048).
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transferKey: text('transfer_key')
      .notNull()
      .references(() => transfers.key),
    account: text('account').notNull(),
    // Cents; positive into the account, negative out of it.
    amount: integer('amount').notNull(),
    kind: text('kind').notNull(),
    paymentId: uuid('payment_id').references(() => payments.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_entries_transfer_account_key').on(t.transferKey, t.account),
    index('ledger_entries_account_idx').on(t.account, t.id),
    index('ledger_entries_payment_idx').on(t.paymentId),
    check('ledger_entries_amount_check', sql`${t.amount} <> 0`),
  ],
);

/**
 * Running totals of the platform's own accounts (no ':' in the name) per kind, written only by the
 * ledger's insert trigger (migrations 0062, 0066), one stripe per transaction (its id modulo 128)
 * so that payments do not queue behind one row. A total is the sum over its stripes.
 */
export const ledgerTotals = pgTable(
  'ledger_totals',
  {
    account: text('account').notNull(),
    kind: text('kind').notNull(),
    stripe: smallint('stripe').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'ledger_totals_pkey', columns: [t.account, t.kind, t.stripe] })],
);

/**
 * The running sum of each wallet's ledger account (`patient_wallet:<user id>`), written only by the
 * ledger's insert trigger (migration 0068); the wallet's check at commit compares the cached
 * balance with it instead of summing the account's history.
 */
export const walletLedgerSums = pgTable('wallet_ledger_sums', {
  account: text('account').primaryKey(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
});

/**
 * Counts the admin's stat cards show (appointments, receipts, paid_consultations), written only by
 * the counted tables' triggers (migration 0065, which also says what each count means), one stripe
 * per transaction. A count is the sum over its stripes.
 */
export const rowCounts = pgTable(
  'row_counts',
  {
    name: text('name').notNull(),
    stripe: smallint('stripe').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'row_counts_pkey', columns: [t.name, t.stripe] })],
);

const caseCount = (name: string) => bigint(name, { mode: 'number' });

/** One outbreak as its source reports it; a sync upserts by (source, external id). */
export const outbreakCases = pgTable(
  'outbreak_cases',
  {
    id: id(),
    source: text('source', { enum: OUTBREAK_SOURCES }).notNull(),
    externalId: text('external_id').notNull(),
    diseaseName: text('disease_name').notNull(),
    severity: text('severity', { enum: OUTBREAK_SEVERITIES }).notNull(),
    location: text('location').notNull(),
    country: text('country').notNull(),
    confirmedCases: caseCount('confirmed_cases'),
    activeCases: caseCount('active_cases'),
    recoveredCases: caseCount('recovered_cases'),
    deaths: caseCount('deaths'),
    lastUpdated: timestamp('last_updated', { withTimezone: true }).notNull(),
    sourceAgency: text('source_agency').notNull(),
    /** Severity rank (0 = critical) kept beside the text so listing sorts on an index. */
    severityRank: smallint('severity_rank').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('outbreak_cases_source_key').on(t.source, t.externalId),
    index('outbreak_cases_listing_idx').on(t.severityRank, t.lastUpdated.desc(), t.id),
    oneOf('outbreak_cases_source_check', t.source, OUTBREAK_SOURCES),
    oneOf('outbreak_cases_severity_check', t.severity, OUTBREAK_SEVERITIES),
    check('outbreak_cases_counts_check', sql`coalesce(${t.confirmedCases}, 0) >= 0 and coalesce(${t.deaths}, 0) >= 0`),
  ],
);

/**
 * One sync: when it ran and, per source, what it brought or why it failed. A partial unique index
 * lets only one run be unfinished at a time, which is how two admins pressing Sync get one sync.
 */
export const outbreakSyncRuns = pgTable(
  'outbreak_sync_runs',
  {
    id: id(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    startedBy: uuid('started_by').references(() => users.id, { onDelete: 'set null' }),
    totalSynced: integer('total_synced').notNull().default(0),
    /** [{ source, status, count, error }] */
    sources: jsonb('sources')
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (t) => [
    uniqueIndex('outbreak_sync_runs_one_running')
      .on(sql`(${t.finishedAt} is null)`)
      .where(sql`${t.finishedAt} is null`),
    index('outbreak_sync_runs_started_idx').on(t.startedAt),
  ],
);

/**
 * A PDF report bought by a user. The data it reports is frozen at purchase time in `snapshot`, so
 * the file downloaded on day 6 says what it said on day 1; access ends at `expires_at`.
 */
export const reportPurchases = pgTable(
  'report_purchases',
  {
    id: id(),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tier: text('tier', { enum: REPORT_TIERS }).notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('usd'),
    provider: text('provider').notNull(),
    providerIntentId: text('provider_intent_id').notNull(),
    status: text('status', { enum: REPORT_PURCHASE_STATUSES }).notNull().default('pending'),
    medicalProfessionalConfirmedAt: timestamp('medical_professional_confirmed_at', { withTimezone: true }).notNull(),
    purchasedAt: timestamp('purchased_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    snapshot: jsonb('snapshot'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('report_purchases_intent_key').on(t.provider, t.providerIntentId),
    index('report_purchases_buyer_idx').on(t.buyerId, t.expiresAt),
    oneOf('report_purchases_tier_check', t.tier, REPORT_TIERS),
    oneOf('report_purchases_status_check', t.status, REPORT_PURCHASE_STATUSES),
    check('report_purchases_amount_check', sql`${t.amount} > 0`),
    check(
      'report_purchases_paid_check',
      sql`${t.status} <> 'paid' or (${t.purchasedAt} is not null and ${t.expiresAt} is not null and ${t.snapshot} is not null)`,
    ),
  ],
);

/**
 * The administrators' platform settings: one row, read per use so every instance applies a change
 * at once. The defaults are the platform constants; the mailer sends only the e-mail events listed
 * (all of them until an administrator chooses).
 */
export const platformSettings = pgTable(
  'platform_settings',
  {
    id: integer('id').primaryKey().default(1),
    platformFeePercent: integer('platform_fee_percent').notNull().default(PLATFORM_FEE_PERCENT),
    minConsultationFee: integer('min_consultation_fee').notNull().default(MIN_CONSULTATION_FEE_CENTS),
    maxConsultationFee: integer('max_consultation_fee').notNull().default(MAX_CONSULTATION_FEE_CENTS),
    // Null: automatic verification is off.
    autoVerifyThreshold: integer('auto_verify_threshold'),
    emailEvents: text('email_events')
      .array()
      .notNull()
      .default(sql.raw(`array[${EMAIL_EVENTS.map((v) => `'${v}'`).join(', ')}]::text[]`)),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('platform_settings_single_row', sql`${t.id} = 1`),
    check('platform_settings_fee_check', sql`${t.platformFeePercent} between 0 and 100`),
    check(
      'platform_settings_bounds_check',
      sql`${t.minConsultationFee} > 0 and ${t.minConsultationFee} <= ${t.maxConsultationFee}`,
    ),
    check(
      'platform_settings_auto_verify_check',
      sql`${t.autoVerifyThreshold} is null or ${t.autoVerifyThreshold} between 0 and 100`,
    ),
    check(
      'platform_settings_email_events_check',
      sql`${t.emailEvents} <@ array[${sql.raw(EMAIL_EVENTS.map((v) => `'${v}'`).join(', '))}]::text[]`,
    ),
  ],
);

/**
 * Outreach campaigns an administrator drafted: who they address and what they say. Sending one
 * queues a marketing e-mail per person of the audience who has not opted out, once (sent_at).
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: id(),
    name: text('name').notNull(),
    audience: text('audience', { enum: CAMPAIGN_AUDIENCES }).notNull(),
    message: text('message').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    sentBy: uuid('sent_by').references(() => users.id, { onDelete: 'set null' }),
    // Null until sent: the e-mails queued, and the people of the audience left out as opted out.
    recipientCount: integer('recipient_count'),
    optedOutCount: integer('opted_out_count'),
  },
  (t) => [
    index('campaigns_created_idx').on(t.createdAt),
    oneOf('campaigns_audience_check', t.audience, CAMPAIGN_AUDIENCES),
  ],
);

/**
 * Request and sign-in counters shared by every app instance on one PostgreSQL (fixed windows),
 * so N instances do not give a client N times the tries. The key names the limit and its subject
 * (route and address, or e-mail); rows past `reset_at` are dead and purged on a schedule.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('rate_limit_counters_reset_idx').on(t.resetAt),
    check('rate_limit_counters_hits_check', sql`${t.hits} > 0`),
  ],
);

/**
 * The job queue: one row per job, claimed with FOR UPDATE SKIP LOCKED under a lease so each job
 * runs on one instance at a time; a lease that runs out (the instance died) makes the job
 * claimable again. Finished rows stay for the administrators' view.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: JOB_KINDS }).notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('queued'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    // Reminders and mails about one appointment, so a cancellation or a new time can find them.
    appointmentId: uuid('appointment_id').references(() => appointments.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.status} = 'queued'`),
    index('jobs_running_idx')
      .on(t.lockedUntil)
      .where(sql`${t.status} = 'running'`),
    index('jobs_appointment_idx').on(t.appointmentId),
    index('jobs_status_idx').on(t.status, t.createdAt),
    oneOf('jobs_kind_check', t.kind, JOB_KINDS),
    oneOf('jobs_status_check', t.status, JOB_STATUSES),
    check('jobs_attempts_check', sql`${t.attempts} >= 0 and ${t.maxAttempts} >= 1`),
  ],
);

/**
 * Every e-mail Medora composed, sent or not (the outbox): administrators see what went out and,
 * in demo mode, each recipient sees their own. One row per job, so a retry never duplicates it.
 */
export const emailMessages = pgTable(
  'email_messages',
  {
    id: id(),
    jobId: bigint('job_id', { mode: 'number' }).references(() => jobs.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    appointmentId: uuid('appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: EMAIL_KINDS }).notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    // The calendar file attached, when there is one.
    ics: text('ics'),
    status: text('status', { enum: EMAIL_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    providerMessageId: text('provider_message_id'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('email_messages_job_key').on(t.jobId),
    index('email_messages_created_idx').on(t.createdAt, t.id),
    index('email_messages_user_idx').on(t.userId, t.createdAt),
    oneOf('email_messages_kind_check', t.kind, EMAIL_KINDS),
    oneOf('email_messages_status_check', t.status, EMAIL_STATUSES),
  ],
);

/** Keys for signed links (unsubscribe), made on first use and shared by every instance. */
/**
 * Single-use links mailed to an account (verify the address, reset the password, confirm a new
 * address). Only the SHA-256 of the token is kept; `used_at` makes it single use.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ACCOUNT_TOKEN_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    // The address a change_email link confirms, or a family_takeover link invites; null otherwise.
    newEmail: text('new_email'),
    // The family member a family_takeover link hands their record to (decision 100).
    familyMemberId: uuid('family_member_id').references((): AnyPgColumn => familyMembers.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('account_tokens_hash_key').on(t.tokenHash),
    index('account_tokens_user_idx').on(t.userId, t.purpose),
    oneOf('account_tokens_purpose_check', t.purpose, ACCOUNT_TOKEN_PURPOSES),
    check(
      'account_tokens_family_member_check',
      sql`(${t.purpose} = 'family_takeover') = (${t.familyMemberId} is not null)`,
    ),
  ],
);

export const signingKeys = pgTable('signing_keys', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: createdAt(),
});

/**
 * Where an unpaid booking came from, for the caps on unpaid holds per person and per network
 * address (accounts are free, so a cap per account alone is no cap): the e-mail identity's hash
 * (core/email-identity.ts) and the client address. Erased with the account.
 */
export const bookingOrigins = pgTable(
  'booking_origins',
  {
    appointmentId: uuid('appointment_id')
      .primaryKey()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    emailIdentity: text('email_identity').notNull(),
    clientAddress: text('client_address').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('booking_origins_identity_idx').on(t.emailIdentity, t.createdAt),
    index('booking_origins_address_idx').on(t.clientAddress, t.createdAt),
  ],
);

/**
 * The last receipt number given out in each year. Taking the next one is an upsert that locks the
 * year's row until the paying transaction ends, so numbers are handed out one at a time and a
 * transaction that rolls back gives its number back: the sequence has no gaps.
 */
export const receiptCounters = pgTable(
  'receipt_counters',
  {
    year: integer('year').primaryKey(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [check('receipt_counters_last_check', sql`${t.lastNumber} > 0`)],
);

/**
 * A numbered receipt, issued once when a payment succeeds: for a consultation (payment_id) or an
 * outbreak report (report_purchase_id). What it says is frozen here, so a renamed doctor or a
 * changed price never rewrites an issued receipt. Kept when the account is deleted (a tax record).
 */
export const receipts = pgTable(
  'receipts',
  {
    id: id(),
    number: text('number').notNull(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    paymentId: uuid('payment_id').references(() => payments.id),
    reportPurchaseId: uuid('report_purchase_id').references(() => reportPurchases.id),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id),
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    item: text('item').notNull(),
    amount: integer('amount').notNull(),
    taxAmount: integer('tax_amount').notNull().default(0),
    taxRatePercent: integer('tax_rate_percent').notNull().default(0),
    currency: text('currency').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('receipts_number_key').on(t.number),
    uniqueIndex('receipts_year_sequence_key').on(t.year, t.sequence),
    uniqueIndex('receipts_payment_key')
      .on(t.paymentId)
      .where(sql`${t.paymentId} is not null`),
    uniqueIndex('receipts_report_purchase_key')
      .on(t.reportPurchaseId)
      .where(sql`${t.reportPurchaseId} is not null`),
    index('receipts_buyer_idx').on(t.buyerId, t.issuedAt),
    check('receipts_one_source_check', sql`(${t.paymentId} is null) <> (${t.reportPurchaseId} is null)`),
    check('receipts_amount_check', sql`${t.amount} > 0 and ${t.taxAmount} >= 0 and ${t.taxAmount} <= ${t.amount}`),
  ],
);

/**
 * Where a doctor's payouts go: a validated bank account (common/rules/bank-account.ts). The
 * account number is stored encrypted (AES-256-GCM); only its last four digits are ever shown.
 */
export const doctorPayoutAccounts = pgTable(
  'doctor_payout_accounts',
  {
    doctorId: uuid('doctor_id')
      .primaryKey()
      .references(() => doctors.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: PAYOUT_ACCOUNT_KINDS }).notNull(),
    country: text('country').notNull(),
    holderName: text('holder_name').notNull(),
    accountEncrypted: text('account_encrypted').notNull(),
    last4: text('last4').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [oneOf('doctor_payout_accounts_kind_check', t.kind, PAYOUT_ACCOUNT_KINDS)],
);

/**
 * One row per Idempotency-Key a caller sent with a write (http/idempotency.ts): inserted before the
 * handler runs ("running", held by a lease the owning instance keeps fresh), then the answer is
 * stored ("done") and replayed for the same key and request until `expires_at` (24 hours).
 * `scope` is the account (`user:<id>`) or, for a visitor, their address (`anon:<ip>`).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of method, path and body: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    state: text('state').notNull(),
    /** While running: past this instant the owner is taken for dead and a retry may run it again. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    index('idempotency_keys_expires_idx').on(t.expiresAt),
    oneOf('idempotency_keys_state_check', t.state, ['running', 'done']),
  ],
);

/**
 * The moves the database allows per guarded state column (migration 0050, decision 071), written
 * from the modules' move tables after every migration run (db/state-transitions.ts); each state
 * also appears staying put. The `guard_state_transition` trigger reads it on every state change.
 */
export const stateTransitions = pgTable(
  'state_transitions',
  {
    tableName: text('table_name').notNull(),
    columnName: text('column_name').notNull(),
    fromValue: text('from_value').notNull(),
    toValue: text('to_value').notNull(),
  },
  (t) => [primaryKey({ name: 'state_transitions_pkey', columns: [t.tableName, t.columnName, t.fromValue, t.toValue] })],
);

/**
 * Care between visits (issue 41): one conversation per patient and doctor. Read markers are the
 * id of the last message each side has seen, so unread counts do not depend on clocks agreeing.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: id(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => doctors.id, { onDelete: 'cascade' }),
    status: text('status', { enum: CONVERSATION_STATUSES }).notNull().default('open'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    patientReadId: bigint('patient_read_id', { mode: 'number' }).notNull().default(0),
    doctorReadId: bigint('doctor_read_id', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('conversations_pair_key').on(t.patientId, t.doctorId),
    index('conversations_doctor_idx').on(t.doctorId),
    oneOf('conversations_status_check', t.status, CONVERSATION_STATUSES),
    check('conversations_closed_check', sql`(${t.status} = 'closed') = (${t.closedAt} is not null)`),
  ],
);

/** Health data: read only through policies/conversation.ts (scripts/check-health-reads.mjs). */
export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    documentIds: uuid('document_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.id),
    check('messages_body_check', sql`char_length(${t.body}) between 1 and 4000`),
  ],
);

/** "Usually answers within N working days": a doctor's promise, shown in their conversations. */
export const doctorReplyPromises = pgTable(
  'doctor_reply_promises',
  {
    doctorId: uuid('doctor_id')
      .primaryKey()
      .references(() => doctors.id, { onDelete: 'cascade' }),
    replyWithinDays: integer('reply_within_days').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('doctor_reply_promises_days_check', sql`${t.replyWithinDays} between 1 and 10`)],
);

/** A patient's document; its bytes are in the document store under `storage_key`. Health data. */
export const documents = pgTable(
  'documents',
  {
    id: id(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    uploadedBy: uuid('uploaded_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The family member whose record the holder filed it in (issue 42); null for the patient's own.
    familyMemberId: uuid('family_member_id').references((): AnyPgColumn => familyMembers.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    contentType: text('content_type', { enum: DOCUMENT_CONTENT_TYPES }).notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('documents_patient_idx').on(t.patientId, t.createdAt),
    uniqueIndex('documents_storage_key').on(t.storageKey),
    oneOf('documents_content_type_check', t.contentType, DOCUMENT_CONTENT_TYPES),
    check('documents_size_check', sql`${t.size} between 1 and 10485760`),
  ],
);

export const documentShares = pgTable(
  'document_shares',
  {
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => doctors.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'document_shares_pkey', columns: [t.documentId, t.doctorId] }),
    index('document_shares_doctor_idx').on(t.doctorId),
  ],
);

/** The database document store's bytes (modules/documents/store.ts); one backup holds everything. */
export const documentBlobs = pgTable('document_blobs', {
  key: text('key').primaryKey(),
  data: bytea('data').notNull(),
  createdAt: createdAt(),
});

/**
 * A prescription, sick note or referral letter a doctor issued after a visit started (decision 082).
 * `content` is the canonical content `signature` (Ed25519, key `key_id`) covers; a document is never
 * edited, only revoked with a reason. Health data: read through policies/care-document.ts.
 */
export const careDocuments = pgTable(
  'care_documents',
  {
    id: id(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => doctors.id),
    kind: text('kind', { enum: SIGNED_DOCUMENT_KINDS }).notNull(),
    code: text('code').notNull(),
    language: text('language').notNull(),
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    keyId: text('key_id').notNull(),
    signature: text('signature').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokeReason: text('revoke_reason'),
    /** An after-visit summary whose shared text changed since: a newer row with a new code stands now. */
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('care_documents_code_key').on(t.code),
    uniqueIndex('care_documents_current_summary_key')
      .on(t.appointmentId)
      .where(sql`${t.kind} = 'visit_summary' and ${t.supersededAt} is null`),
    index('care_documents_appointment_idx').on(t.appointmentId, t.issuedAt),
    index('care_documents_patient_idx').on(t.patientId, t.issuedAt),
    oneOf('care_documents_kind_check', t.kind, SIGNED_DOCUMENT_KINDS),
    check('care_documents_superseded_check', sql`${t.supersededAt} is null or ${t.kind} = 'visit_summary'`),
    check('care_documents_revoked_check', sql`(${t.revokedAt} is null) = (${t.revokeReason} is null)`),
  ],
);

/**
 * A person's devices that accept Web Push (issue 42): the push service's endpoint and the
 * browser's keys the payload is encrypted to. Deleted when the push service says it is gone
 * (404/410), at "sign out everywhere", and with the account.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/** The VAPID key pair a demo server made for itself on first start (decision 084); one row at most. */
export const pushVapidKeys = pgTable(
  'push_vapid_keys',
  {
    id: integer('id').primaryKey().default(1),
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('push_vapid_keys_one_row', sql`${t.id} = 1`)],
);

/**
 * People an account holder books for (issue 42, docs/families.md). Deleting one sets `deletedAt`:
 * it leaves the list and cannot be booked for, while the visits booked for it still name it.
 */
export const familyMembers = pgTable(
  'family_members',
  {
    id: id(),
    holderId: uuid('holder_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    // YYYY-MM-DD, as patient_profiles keeps it.
    dateOfBirth: text('date_of_birth').notNull(),
    relationship: text('relationship', { enum: FAMILY_RELATIONSHIPS }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    // The member's own account once they took over their record (decision 100); the holder lost it then.
    takenOverBy: uuid('taken_over_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    takenOverAt: timestamp('taken_over_at', { withTimezone: true }),
  },
  (t) => [
    index('family_members_holder_idx').on(t.holderId, t.createdAt),
    oneOf('family_members_relationship_check', t.relationship, FAMILY_RELATIONSHIPS),
  ],
);

/**
 * A family member's own health profile (issue 42): the fields of a patient's profile, without the
 * date of birth (the member's row has it) or the terms (the holder agreed to them). Health data:
 * read through policies/ only.
 */
export const familyMemberProfiles = pgTable(
  'family_member_profiles',
  {
    familyMemberId: uuid('family_member_id')
      .primaryKey()
      .references(() => familyMembers.id, { onDelete: 'cascade' }),
    gender: text('gender', { enum: GENDERS }).notNull(),
    phoneNumber: text('phone_number').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    state: text('state'),
    zipCode: text('zip_code'),
    country: text('country').notNull(),
    emergencyContactName: text('emergency_contact_name').notNull(),
    emergencyContactPhone: text('emergency_contact_phone').notNull(),
    emergencyContactRelation: text('emergency_contact_relation', { enum: EMERGENCY_RELATIONS }).notNull(),
    medicalHistory: text('medical_history'),
    currentMedications: text('current_medications'),
    allergies: text('allergies'),
    preferredLanguage: text('preferred_language', { enum: PATIENT_LANGUAGES }).notNull().default('English'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    oneOf('family_member_profiles_gender_check', t.gender, GENDERS),
    oneOf('family_member_profiles_relation_check', t.emergencyContactRelation, EMERGENCY_RELATIONS),
    oneOf('family_member_profiles_language_check', t.preferredLanguage, PATIENT_LANGUAGES),
  ],
);

/**
 * "Tell me if an earlier time opens" (issue 42 item 2, docs/waitlist.md): a patient waits in line
 * for a slot with a doctor before a date, first come first served. An offer holds the freed slot
 * as an unpaid booking (`offered_appointment_id`) until `offer_expires_at`.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: id(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => doctors.id, { onDelete: 'cascade' }),
    consultationType: text('consultation_type', { enum: CONSULTATION_TYPE_VALUES }).notNull(),
    // The local date the patient asked for (YYYY-MM-DD) and its start in the doctor's zone.
    beforeDate: text('before_date').notNull(),
    beforeAt: timestamp('before_at', { withTimezone: true }).notNull(),
    familyMemberId: uuid('family_member_id').references(() => familyMembers.id, { onDelete: 'cascade' }),
    // The reason the patient gave when joining (optional), copied into the booking an offer makes;
    // never sent back in a reply. Health data of the patient's own, read only by the offer.
    visitReason: text('visit_reason').notNull().default(''),
    status: text('status', { enum: WAITLIST_STATUSES }).notNull().default('active'),
    offeredAppointmentId: uuid('offered_appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
    offeredStartsAt: timestamp('offered_starts_at', { withTimezone: true }),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The line of one doctor, oldest first.
    index('waitlist_entries_line_idx')
      .on(t.doctorId, t.createdAt)
      .where(sql`${t.status} = 'active'`),
    index('waitlist_entries_patient_idx').on(t.patientId, t.createdAt),
    index('waitlist_entries_offer_idx')
      .on(t.offerExpiresAt)
      .where(sql`${t.status} = 'offered'`),
    oneOf('waitlist_entries_status_check', t.status, WAITLIST_STATUSES),
    oneOf('waitlist_entries_consultation_type_check', t.consultationType, CONSULTATION_TYPE_VALUES),
  ],
);
