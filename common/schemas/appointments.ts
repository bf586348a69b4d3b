import { z } from 'zod';
import { MARKED_OUTCOMES, OUTCOME_HOLD_STATUSES } from '../constants/visit-outcomes';
import { CONSULTATION_TYPE_VALUES } from '../constants/consultation-types';
import { APPOINTMENT_STATUSES, PAYMENT_STATUSES } from '../constants/statuses';
import { isCalendarDate } from '../rules/slots';
import { isWithinCalendarYears } from '../rules/booking-horizon';
import { fieldText } from '../i18n/field-text';
import { appointmentFamilyMemberSchema } from './family';
import { text } from './text';

const orList = (values: readonly string[]) => `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;

export const consultationTypeSchema = z.enum(CONSULTATION_TYPE_VALUES, {
  error: `Consultation type must be ${orList(CONSULTATION_TYPE_VALUES)}`,
});
export const appointmentStatusSchema = z.enum(APPOINTMENT_STATUSES);
export type AppointmentStatus = z.infer<typeof appointmentStatusSchema>;
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);

export const REVIEW_MAX_LENGTH = 2000;

const calendarDate = z
  .string({ error: 'Date is required' })
  .refine(isCalendarDate, 'Date must be a calendar date like 2026-03-08')
  .refine(isWithinCalendarYears, 'Date is out of range');

export const appointmentIdParamsSchema = z.object({
  id: z.uuid({ error: 'Appointment id must be a UUID' }),
});

export const availabilityParamsSchema = z.object({
  id: z.uuid({ error: 'Doctor id must be a UUID' }),
});
export const AVAILABILITY_MAX_DAYS = 14;
export const availabilityQuerySchema = z.object({
  date: calendarDate,
  /** Addition: the doctor's local dates `date` … `date + days - 1` in one reply. */
  days: z.coerce
    .number({ error: 'Days must be a number' })
    .int('Days must be a whole number')
    .min(1, 'Days must be at least 1')
    .max(AVAILABILITY_MAX_DAYS, `Days must be at most ${AVAILABILITY_MAX_DAYS}`)
    .default(1),
  /** The kind of visit the slots are for: its length is the doctor's for that kind (default video). */
  type: consultationTypeSchema.optional(),
});

/**
 * `POST /api/appointments`. `appointmentDate` and `appointmentTime` are the doctor's local
 * date and slot label (an ISO date-time is accepted; its date part is used). `fee` and `status`
 * are accepted for compatibility and ignored: the server computes the fee and always creates
 * `pending`.
 */
export const createAppointmentBodySchema = z.object({
  doctorId: z.uuid({ error: 'Please choose a doctor' }),
  patientId: z.uuid().optional(),
  appointmentDate: z
    .string({ error: 'Please choose a date' })
    .transform((v) => v.slice(0, 10))
    .refine(isCalendarDate, 'Please choose a valid date')
    .refine(isWithinCalendarYears, 'Please choose a date within the booking window'),
  appointmentTime: z
    .string({ error: 'Please choose a time' })
    .regex(/^\d{2}:\d{2} (AM|PM)$/, 'Please choose a time slot such as 09:00 AM'),
  consultationType: consultationTypeSchema,
  reasonForVisit: text('Reason for visit', {
    max: 1000,
    min: 1,
    multiline: true,
    required: 'Please describe the reason for your visit',
    tooLong: 'Reason for visit must be at most 1,000 characters',
  }),
  additionalNotes: text('Notes', { max: 2000, multiline: true, tooLong: 'Notes must be at most 2,000 characters' })
    .optional()
    .nullable(),
  fee: z.unknown().optional(),
  status: z.unknown().optional(),
  /** Addition (issue 42): the booker's family member the visit is for; absent or null, the booker's own. */
  forFamilyMemberId: z
    .uuid({ error: fieldText('fields.family.memberId') })
    .optional()
    .nullable(),
});
export type CreateAppointmentBody = z.input<typeof createAppointmentBodySchema>;

export const updateAppointmentBodySchema = z.object({
  status: z.literal('cancelled', { error: 'Only {"status":"cancelled"} is supported' }),
});

export const reviewBodySchema = z.object({
  rating: z
    .number({ error: 'Rating must be a number from 1 to 5' })
    .int('Rating must be a whole number')
    .min(1, 'Rating must be at least 1')
    .max(5, 'Rating must be at most 5'),
  comment: text('Review', {
    max: REVIEW_MAX_LENGTH,
    multiline: true,
    tooLong: `Review must be at most ${REVIEW_MAX_LENGTH.toLocaleString('en-US')} characters`,
  })
    .optional()
    .nullable(),
});
export type ReviewBody = z.infer<typeof reviewBodySchema>;

export const reviewSchema = z.object({
  id: z.uuid(),
  appointmentId: z.uuid(),
  doctorId: z.uuid(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  createdAt: z.string(),
});

export const appointmentDoctorSchema = z.object({
  id: z.uuid(),
  user: z.object({ firstName: z.string(), lastName: z.string(), profileImageUrl: z.string().nullable() }),
  specialty: z.string(),
  consultationFee: z.number().int(),
  location: z.string(),
  country: z.string(),
  officeAddress: z.string().nullable(),
  timeZone: z.string(),
});

export const appointmentPatientSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
});

export const appointmentSchema = z.object({
  id: z.uuid(),
  status: appointmentStatusSchema,
  /** The doctor's local date (YYYY-MM-DD) and slot label ("09:00 AM"), under the names the screens use. */
  appointmentDate: z.string(),
  appointmentTime: z.string(),
  /** Additions: the exact instant and the doctor's IANA zone the two fields above are in. */
  startsAt: z.string(),
  timeZone: z.string(),
  /** Addition: the visit's length; Join is offered until start + this (common/rules/join-window.ts). */
  durationMinutes: z.number().int().optional(),
  consultationType: consultationTypeSchema,
  reasonForVisit: z.string(),
  additionalNotes: z.string().nullable(),
  /** Integer cents. */
  fee: z.number().int(),
  payment: z
    .object({
      status: paymentStatusSchema,
      refundedAmount: z.number().int(),
      /** The numbered receipt of this payment, once it succeeded (GET /api/receipts/:id/pdf). */
      receiptId: z.uuid().nullable().optional(),
      /** Addition: the part paid from the patient's Medora wallet (integer cents); the card paid the rest. */
      walletAmount: z.number().int().optional(),
    })
    .nullable(),
  doctorId: z.uuid(),
  patientId: z.uuid(),
  doctor: appointmentDoctorSchema,
  patient: appointmentPatientSchema,
  hasReview: z.boolean(),
  cancelledAt: z.string().nullable(),
  /** The doctor's reason when the doctor cancelled; null otherwise. */
  cancellationReason: z.string().nullable(),
  createdAt: z.string(),
  /**
   * Addition: while the booking is unpaid (`pending`), how long its slot is held and until when
   * (common/rules/hold.ts): 30 minutes from booking, or a waitlist offer's 15 (docs/waitlist.md).
   * Null once it is not pending.
   */
  slotHold: z.object({ minutes: z.number().int(), endsAt: z.string() }).nullable().optional(),
  /**
   * Addition: what the doctor marked by hand (visit done, no-show) and where its dispute window
   * stands; the patient may dispute a `held` one until `releaseAt`. Null when nothing was marked.
   */
  /** Addition (issue 42): the family member the visit is for, booked by `patient`; null for the patient's own. */
  familyMember: appointmentFamilyMemberSchema.nullable().optional(),
  outcomeHold: z
    .object({
      outcome: z.enum(MARKED_OUTCOMES),
      status: z.enum(OUTCOME_HOLD_STATUSES),
      releaseAt: z.string(),
    })
    .nullable()
    .optional(),
});
export type Appointment = z.infer<typeof appointmentSchema>;
export const appointmentListSchema = z.array(appointmentSchema);

/**
 * `GET /api/appointments/overlaps`: the visit a patient is about to book, as the slot's instants.
 * Both must be offset date-times between 2000 and 2100, the end after the start, at most a day apart.
 */
const overlapInstant = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .max(40, `${label} must be a date and time like 2026-12-24T09:00:00Z`)
    .refine((v) => z.iso.datetime({ offset: true }).safeParse(v).success, {
      error: `${label} must be a date and time like 2026-12-24T09:00:00Z`,
      abort: true,
    })
    .refine((v) => {
      const year = new Date(v).getUTCFullYear();
      return year >= 2000 && year <= 2100;
    }, `${label} must be between the years 2000 and 2100`);
export const overlapQuerySchema = z
  .object({ startsAt: overlapInstant('Start'), endsAt: overlapInstant('End') })
  .refine((q) => Date.parse(q.endsAt) > Date.parse(q.startsAt), {
    error: 'End must be after the start',
    path: ['endsAt'],
  })
  .refine((q) => Date.parse(q.endsAt) - Date.parse(q.startsAt) <= 86_400_000, {
    error: 'A visit lasts at most a day',
    path: ['endsAt'],
  });

/** One of my live appointments (paid, or an unpaid hold still keeping its slot) that overlaps the visit asked about. */
export const overlapSchema = z.object({
  id: z.uuid(),
  status: appointmentStatusSchema,
  startsAt: z.string(),
  endsAt: z.string(),
  timeZone: z.string(),
  doctorName: z.string(),
  consultationType: consultationTypeSchema,
});
export const overlapListSchema = z.array(overlapSchema);
export type Overlap = z.infer<typeof overlapSchema>;

export const doctorAppointmentsSchema = z.object({
  upcoming: appointmentListSchema,
  past: appointmentListSchema,
});
export type DoctorAppointments = z.infer<typeof doctorAppointmentsSchema>;
