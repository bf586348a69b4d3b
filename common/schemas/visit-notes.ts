import { z } from 'zod';
import { appointmentStatusSchema, consultationTypeSchema } from './appointments';
import { appointmentFamilyMemberSchema } from './family';
import { text } from './text';

export const PRIVATE_NOTES_MAX_LENGTH = 10_000;
export const DIAGNOSIS_MAX_LENGTH = 2_000;
export const ADVICE_MAX_LENGTH = 5_000;
export const FOLLOW_UP_MIN_DAYS = 1;
export const FOLLOW_UP_MAX_DAYS = 365;

const followUpDays = z
  .number({ error: 'Follow-up must be a whole number of days' })
  .int('Follow-up must be a whole number of days')
  .min(FOLLOW_UP_MIN_DAYS, `Follow-up must be at least ${FOLLOW_UP_MIN_DAYS} day`)
  .max(FOLLOW_UP_MAX_DAYS, `Follow-up must be at most ${FOLLOW_UP_MAX_DAYS} days`)
  .nullable();

/**
 * What the doctor saves: private notes (never shown to the patient) and the summary for the
 * patient. `share: true` shares the summary with the patient; once shared it stays shared and
 * later saves update what the patient sees.
 */
export const visitNotesBodySchema = z
  .object({
    privateNotes: text('Private notes', { max: PRIVATE_NOTES_MAX_LENGTH, multiline: true }).default(''),
    diagnosis: text('Diagnosis', { max: DIAGNOSIS_MAX_LENGTH, multiline: true }).default(''),
    advice: text('Advice', { max: ADVICE_MAX_LENGTH, multiline: true }).default(''),
    followUpDays: followUpDays.default(null),
    share: z.boolean({ error: 'Share must be true or false' }).default(false),
  })
  .strict();
export type VisitNotesBody = z.input<typeof visitNotesBodySchema>;

const visitPersonSchema = z.object({ firstName: z.string(), lastName: z.string() });

/** The appointment a set of notes belongs to, as the doctor's notes screen shows it. */
export const visitAppointmentSchema = z.object({
  id: z.uuid(),
  status: appointmentStatusSchema,
  consultationType: consultationTypeSchema,
  startsAt: z.string(),
  timeZone: z.string(),
  reasonForVisit: z.string(),
  patient: visitPersonSchema,
  /** Addition (issue 42): the family member the visit is for; `patient` booked it. */
  familyMember: appointmentFamilyMemberSchema.nullable().optional(),
  /** Whether the doctor may still write (the day of the visit, or after it was completed). */
  writable: z.boolean(),
});

export const visitSummaryFieldsSchema = z.object({
  diagnosis: z.string(),
  advice: z.string(),
  followUpDays: z.number().int().nullable(),
  /** When the doctor shared it with the patient; null while it is a draft. */
  sharedAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
});

/** The doctor's own view: the summary plus the private notes. */
export const visitNotesSchema = visitSummaryFieldsSchema.extend({
  privateNotes: z.string(),
  appointment: visitAppointmentSchema,
});
export type VisitNotes = z.infer<typeof visitNotesSchema>;

/** What the patient (and that doctor, and administrators) read: never the private notes. */
export const visitSummarySchema = visitSummaryFieldsSchema.extend({
  appointmentId: z.uuid(),
  startsAt: z.string(),
  /** The zone the visit was booked in (the doctor's). */
  timeZone: z.string(),
  doctor: visitPersonSchema.extend({ id: z.uuid(), specialty: z.string() }),
});
export type VisitSummary = z.infer<typeof visitSummarySchema>;

/** The patient's appointments that have a shared summary, for the buttons on their list. */
export const sharedVisitSummaryListSchema = z.array(
  z.object({ appointmentId: z.uuid(), sharedAt: z.string(), followUpDays: z.number().int().nullable() }),
);
export type SharedVisitSummaryList = z.infer<typeof sharedVisitSummaryListSchema>;
