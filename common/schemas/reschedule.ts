import { z } from 'zod';
import { APPOINTMENT_STATUSES } from '../constants/statuses';
import { appointmentSchema, consultationTypeSchema, createAppointmentBodySchema } from './appointments';
import { appointmentPageQuerySchema, keysetPage } from './appointment-pages';
import { text } from './text';

/** A new slot for an appointment: the doctor's local date and slot label, as when booking. */
export const newTimeBodySchema = createAppointmentBodySchema.pick({ appointmentDate: true, appointmentTime: true });
export type NewTimeBody = z.input<typeof newTimeBodySchema>;

export const CANCEL_REASON_MAX_LENGTH = 500;

export const doctorCancelBodySchema = z.object({
  reason: text('Reason', {
    max: CANCEL_REASON_MAX_LENGTH,
    min: 1,
    multiline: true,
    required: 'Please give the patient a reason',
    tooLong: `Reason must be at most ${CANCEL_REASON_MAX_LENGTH} characters`,
  }),
});
export type DoctorCancelBody = z.input<typeof doctorCancelBodySchema>;

/** A doctor's proposed new time; `appointmentDate`/`appointmentTime` are in the doctor's zone like the appointment's. */
export const proposalSchema = z.object({
  id: z.uuid(),
  appointmentId: z.uuid(),
  startsAt: z.string(),
  appointmentDate: z.string(),
  appointmentTime: z.string(),
  timeZone: z.string(),
  createdAt: z.string(),
});
export type Proposal = z.infer<typeof proposalSchema>;
export const proposalListSchema = z.array(proposalSchema);

export const doctorBookQuerySchema = appointmentPageQuerySchema.extend({
  status: z.enum(APPOINTMENT_STATUSES, { error: 'Unknown status' }).optional(),
  type: consultationTypeSchema.optional(),
});
export type DoctorBookQuery = z.infer<typeof doctorBookQuerySchema>;

export const doctorBookEntrySchema = appointmentSchema.extend({
  cancellationReason: z.string().nullable(),
  /** The patient's zone (their profile country's usual zone, else the one the visit was booked in). */
  patientTimeZone: z.string(),
  /** The doctor's open proposal still waiting for the patient, if any. */
  proposal: proposalSchema.nullable(),
  /** A live booking the doctor's hours or time off no longer cover ("outside your hours now"). */
  outsideHours: z.boolean(),
});
export type DoctorBookEntry = z.infer<typeof doctorBookEntrySchema>;

export const doctorBookPageSchema = keysetPage(doctorBookEntrySchema);
export type DoctorBookPage = z.infer<typeof doctorBookPageSchema>;
