import { z } from 'zod';
import { pageLimit } from './page-limit';
import { appointmentSchema } from './appointments';
import { safeString } from './text';

/**
 * A list of appointments read a page at a time (the patient's and the doctor's books alike):
 * upcoming ones soonest first, past ones latest first, each page continued by an opaque cursor.
 */
export const APPOINTMENT_PAGE_WHEN = ['upcoming', 'past'] as const;
export type AppointmentPageWhen = (typeof APPOINTMENT_PAGE_WHEN)[number];
export const APPOINTMENT_PAGE_MAX = 50;
export const APPOINTMENT_PAGE_DEFAULT = 20;

export const appointmentPageQuerySchema = z.object({
  when: z.enum(APPOINTMENT_PAGE_WHEN, { error: 'When must be upcoming or past' }).default('upcoming'),
  cursor: safeString('Cursor', 200).optional(),
  limit: pageLimit(APPOINTMENT_PAGE_MAX, APPOINTMENT_PAGE_DEFAULT),
});
export type AppointmentPageQuery = z.infer<typeof appointmentPageQuerySchema>;

/** A page of a keyset-paged list: pass `nextCursor` back as `cursor` (same filters); null on the last page. */
export const keysetPage = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });

export const patientAppointmentPageSchema = keysetPage(appointmentSchema);
export type PatientAppointmentPage = z.infer<typeof patientAppointmentPageSchema>;

/** A doctor the patient has had a paid visit with: whom they may write to or share a document with. */
export const seenDoctorSchema = z.object({
  doctorId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  specialty: z.string(),
});
export type SeenDoctor = z.infer<typeof seenDoctorSchema>;
export const seenDoctorListSchema = z.array(seenDoctorSchema);
