import { z } from 'zod';
import {
  DEFAULT_PATIENT_LANGUAGE,
  EARLIEST_BIRTH_YEAR,
  EMERGENCY_RELATIONS,
  GENDERS,
  MINIMUM_PATIENT_AGE,
  PATIENT_LANGUAGES,
} from '../constants/patient-profile';
import { isCalendarDate } from '../rules/slots';
import { text } from './text';

const PHONE = /^\+?[\d\s().-]{5,30}$/;
const phone = (label: string) =>
  text(label, { max: 30, min: 1 }).refine((v) => PHONE.test(v), `${label} must be a phone number`);
const optional = (label: string, max: number) => text(label, { max }).optional().nullable();
const medical = (label: string) => text(label, { max: 4000, multiline: true }).optional().nullable();

/**
 * When a date of birth is wrong, the message to show; null when it is fine. Age is counted in whole
 * calendar years against `today` (the caller's clock), so a birthday today counts.
 */
export function dateOfBirthProblem(value: string, now: Date): string | null {
  if (!isCalendarDate(value)) return 'Date of birth must be a date like 1990-04-21';
  const [year, month, day] = value.split('-').map(Number);
  if (year < EARLIEST_BIRTH_YEAR) return `Date of birth cannot be before ${EARLIEST_BIRTH_YEAR}`;
  const today = now.toISOString().slice(0, 10);
  if (value > today) return 'Date of birth cannot be in the future';
  const [ty, tm, td] = today.split('-').map(Number);
  const age = ty - year - (tm < month || (tm === month && td < day) ? 1 : 0);
  if (age < MINIMUM_PATIENT_AGE) return `You must be at least ${MINIMUM_PATIENT_AGE} years old to create a profile`;
  return null;
}

/** The profile's fields, shared by the three-step form, the edit form and the server. */
export const patientProfileFieldsSchema = z.object({
  dateOfBirth: z
    .string({ error: 'Date of birth is required' })
    .min(1, 'Date of birth is required')
    .max(10, 'Date of birth must be a date like 1990-04-21')
    .refine(isCalendarDate, 'Date of birth must be a date like 1990-04-21'),
  gender: z.enum(GENDERS, { error: 'Gender is required' }),
  phoneNumber: phone('Phone number'),
  address: text('Address', { max: 200, min: 1 }),
  city: text('City', { max: 100, min: 1 }),
  state: optional('State', 100),
  zipCode: optional('ZIP code', 20),
  country: text('Country', { max: 100, min: 1 }),
  emergencyContactName: text('Emergency contact name', { max: 120, min: 1 }),
  emergencyContactPhone: phone('Emergency contact phone'),
  emergencyContactRelation: z.enum(EMERGENCY_RELATIONS, { error: 'Emergency contact relationship is required' }),
  medicalHistory: medical('Medical history'),
  currentMedications: medical('Current medications'),
  allergies: medical('Allergies'),
  preferredLanguage: z
    .enum(PATIENT_LANGUAGES, { error: 'Choose a language from the list' })
    .default(DEFAULT_PATIENT_LANGUAGE),
});

/** `POST /api/patients/profile`: the fields plus the terms, which must be agreed. */
export const createPatientProfileSchema = patientProfileFieldsSchema.extend({
  agreedToTerms: z.literal(true, { error: 'Please agree to the terms and conditions to continue.' }),
});
export type CreatePatientProfile = z.input<typeof createPatientProfileSchema>;

/** `PUT /api/patients/profile`: the same fields; the terms were agreed at creation. */
export const updatePatientProfileSchema = patientProfileFieldsSchema;
export type PatientProfileFields = z.input<typeof patientProfileFieldsSchema>;

export const patientProfileSchema = z.object({
  userId: z.uuid(),
  dateOfBirth: z.string(),
  gender: z.enum(GENDERS),
  phoneNumber: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  country: z.string(),
  emergencyContactName: z.string(),
  emergencyContactPhone: z.string(),
  emergencyContactRelation: z.enum(EMERGENCY_RELATIONS),
  medicalHistory: z.string().nullable(),
  currentMedications: z.string().nullable(),
  allergies: z.string().nullable(),
  preferredLanguage: z.enum(PATIENT_LANGUAGES),
  agreedToTerms: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PatientProfile = z.infer<typeof patientProfileSchema>;

export const patientIdParamsSchema = z.object({ patientId: z.uuid({ error: 'Patient id must be a UUID' }) });

/** One line of "who accessed my records". */
export const recordAccessSchema = z.object({
  id: z.number().int(),
  /** The first read of this line. */
  occurredAt: z.string(),
  /** Reads by the same person of the same record within ten minutes of the first, this one included. */
  count: z.number().int().min(1),
  /** The last of those reads (the first when there was one). */
  lastReadAt: z.string(),
  role: z.string().nullable(),
  /** The doctor's name; administrators are shown by role only. */
  name: z.string().nullable(),
  what: z.string(),
});
export type RecordAccess = z.infer<typeof recordAccessSchema>;
export const recordAccessListSchema = z.array(recordAccessSchema);

export const accountSettingsSchema = z.object({ marketingEmailOptOut: z.boolean() });
export type AccountSettings = z.infer<typeof accountSettingsSchema>;

export const deleteAccountBodySchema = z.object({
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(256),
});
