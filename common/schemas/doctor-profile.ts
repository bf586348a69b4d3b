import { z } from 'zod';
import { publicDoctorSchema } from './doctors';
import { FEE_LIMIT_MAX_CENTS, FEE_LIMIT_MIN_CENTS } from '../constants/platform';
import { PROFILE_SPECIALTIES } from '../constants/specialties';
import { PROFILE_STATUSES } from '../constants/statuses';
import { isValidTimeZone } from '../rules/zoned-time';
import { DOLLARS_PATTERN, dollarsToCents } from '../rules/money';
import { safeString, text as checkedText } from './text';

const dollars = (cents: number) => `$${cents / 100}`;

/** Optional text: blank becomes null (cleared); undefined leaves the stored value alone. */
const text = (max: number, multiline = false) =>
  checkedText('This field', { max, multiline, tooLong: `Keep this under ${max} characters` })
    .nullish()
    .transform((v) => (v === undefined ? undefined : v ? v : null));

const webAddress = checkedText('The address', { max: 300, tooLong: 'Keep this under 300 characters' })
  .nullish()
  .refine((v) => !v || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(v), {
    error: 'Enter a full address starting with https://',
  })
  .transform((v) => (v === undefined ? undefined : v ? v : null));

const wholeYears = z.coerce
  .number({ error: 'Enter a whole number of years' })
  .int('Enter a whole number of years')
  .min(0, 'Years cannot be negative')
  .max(70, 'Enter at most 70 years')
  .nullish();

/** Years arrive as numbers, or as "" from an empty number input (= cleared). */
const years = z.preprocess((v) => (v === '' ? null : v), wholeYears);

/** Chip lists: trimmed, blanks and duplicates dropped, order kept. */
const chips = z
  .array(checkedText('An entry', { max: 120, tooLong: 'Keep each entry under 120 characters' }))
  .max(30, 'Add at most 30 entries')
  .optional()
  .transform((list) => (list === undefined ? undefined : [...new Set(list.map((s) => s.trim()).filter(Boolean))]));

const clock = safeString('Time', 10)
  .trim()
  .nullish()
  .refine((v) => !v || /^([01]\d|2[0-3]):[0-5]\d$/.test(v), { error: 'Enter a time like 09:00' })
  .transform((v) => (v === undefined ? undefined : v ? v : null));

/**
 * A fee typed in dollars (decimal string or number, step 0.01), stored as integer cents. Blank
 * clears it. The schema holds the outer limits any setting may allow; the administrators' current
 * minimum and maximum are applied by the server when the profile is saved.
 */
export const feeInDollars = z
  .union([z.number(), safeString('Fee', 20).trim()])
  .nullish()
  .superRefine((v, ctx) => {
    if (v === undefined || v === null || v === '') return;
    const ok = typeof v === 'number' ? Number.isFinite(v) && v >= 0 : DOLLARS_PATTERN.test(v);
    if (!ok) return void ctx.addIssue({ code: 'custom', message: 'Enter an amount in dollars, e.g. 150 or 149.50' });
    const cents = dollarsToCents(v);
    if (cents < FEE_LIMIT_MIN_CENTS || cents > FEE_LIMIT_MAX_CENTS) {
      ctx.addIssue({
        code: 'custom',
        message: `Fees must be between ${dollars(FEE_LIMIT_MIN_CENTS)} and ${dollars(FEE_LIMIT_MAX_CENTS)}`,
      });
    }
  })
  .transform((v) => (v === undefined ? undefined : v === null || v === '' ? null : dollarsToCents(v)));

/**
 * `PUT /api/doctors/profile`, the profile builder's draft. Every field is optional so a
 * draft can be saved at any step; `profileCompleteness` is accepted and ignored — the server
 * computes its own. Fees are dollars here and cents in every reply.
 */
export const doctorProfileRequestSchema = z.object({
  specialty: z
    .union([z.enum(PROFILE_SPECIALTIES, { error: 'Pick a specialty from the list' }), z.literal('')])
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null)),
  experience: years,
  location: text(120),
  country: text(80),
  timeZone: safeString('Time zone', 64)
    .trim()
    .refine(isValidTimeZone, { error: 'Pick a time zone from the list' })
    .optional(),
  about: text(3000, true),
  languages: chips,
  education: text(80),
  medicalSchool: text(200),
  residency: text(200),
  licenseNumber: text(60),
  certifications: chips,
  fellowships: chips,
  officeAddress: text(300),
  website: webAddress,
  linkedinProfile: webAddress,
  researchInterests: chips,
  insuranceAccepted: chips,
  paymentOptions: chips,
  consultationFee: feeInDollars,
  phoneCallFee: feeInDollars,
  inPersonFee: feeInDollars,
  practiceYears: years,
  availableFrom: clock,
  availableTo: clock,
  profileCompleteness: z.unknown().optional(),
});
export type DoctorProfileRequest = z.input<typeof doctorProfileRequestSchema>;
export type DoctorProfileUpdate = z.output<typeof doctorProfileRequestSchema>;

/** A doctor as they see their own profile: the public face plus the builder's private fields. */
export const doctorProfileSchema = publicDoctorSchema.extend({
  profileStatus: z.enum(PROFILE_STATUSES),
  linkedinProfile: z.string().nullable(),
  practiceYears: z.number().int().nullable(),
  availableFrom: z.string().nullable(),
  availableTo: z.string().nullable(),
});
export type DoctorProfile = z.infer<typeof doctorProfileSchema>;

/**
 * The fields that claim a qualification: an administrator checks them before verifying a doctor,
 * and a verified doctor's change to any of them waits for review before patients see it.
 */
export const CREDENTIAL_FIELDS = [
  'licenseNumber',
  'specialty',
  'medicalSchool',
  'education',
  'experience',
  'certifications',
  'fellowships',
  'residency',
] as const;
export type CredentialField = (typeof CREDENTIAL_FIELDS)[number];

export const CREDENTIAL_LABELS: Record<CredentialField, string> = {
  licenseNumber: 'License number',
  specialty: 'Specialty',
  medicalSchool: 'Medical school',
  education: 'Education',
  experience: 'Years of experience',
  certifications: 'Certifications',
  fellowships: 'Fellowships',
  residency: 'Residency',
};

const credentialValue = z.union([z.string(), z.number(), z.array(z.string())]).nullable();
export type CredentialValue = z.infer<typeof credentialValue>;
/** Changed credentials of a verified doctor, stored until an administrator approves or rejects them. */
export type PendingCredentials = Partial<Record<CredentialField, CredentialValue>>;

/** One credential waiting for review: the verified value patients see, and the doctor's new one. */
export const credentialChangeSchema = z.object({
  field: z.enum(CREDENTIAL_FIELDS),
  before: credentialValue,
  after: credentialValue,
});
export type CredentialChange = z.infer<typeof credentialChangeSchema>;

/** The doctor's own view: the new credentials in place, and which of them wait for review. */
export const myDoctorProfileSchema = doctorProfileSchema.extend({
  credentialChanges: z.array(credentialChangeSchema),
});
export type MyDoctorProfile = z.infer<typeof myDoctorProfileSchema>;

/** `GET /api/profile/doctor`: null until the doctor saves a profile for the first time. */
export const ownDoctorProfileSchema = myDoctorProfileSchema.nullable();

export const doctorUserParamsSchema = z.object({ userId: z.uuid({ error: 'User id must be a UUID' }) });
export const photoParamsSchema = z.object({ photoId: z.uuid({ error: 'Photo id must be a UUID' }) });

export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const MAX_PHOTO_BYTES = 2 * 1024 * 1024;

/** Photo upload as JSON: the file's bytes in base64 (no multipart parser needed). */
export const photoUploadSchema = z.object({
  contentType: z.enum(PHOTO_TYPES, { error: 'Upload a JPEG, PNG or WebP image' }),
  data: z
    .string({ error: 'Choose an image to upload' })
    .min(1, 'Choose an image to upload')
    .max(Math.ceil(MAX_PHOTO_BYTES / 3) * 4 + 4, 'The photo must be 2 MB or smaller')
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'The photo data is not valid base64'),
});
export type PhotoUpload = z.infer<typeof photoUploadSchema>;

/** Admin verification and activation of doctors; the admin screens are not built yet. */
export const adminDoctorParamsSchema = z.object({ doctorId: z.uuid({ error: 'Doctor id must be a UUID' }) });
export const adminVerifyRequestSchema = z.object({
  isVerified: z.boolean({ error: 'isVerified must be true or false' }),
});
export const adminStatusRequestSchema = z.object({ isActive: z.boolean({ error: 'isActive must be true or false' }) });
