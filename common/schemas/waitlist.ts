import { z } from 'zod';
import { WAITLIST_STATUSES } from '../constants/waitlist';
import { fieldText } from '../i18n/field-text';
import { isCalendarDate } from '../rules/slots';
import { consultationTypeSchema } from './appointments';
import { safeString, text } from './text';

/** `POST /api/waitlist`: tell me if a time with this doctor opens before `before` (a date in the doctor's zone). */
export const waitlistBodySchema = z.object({
  doctorId: z.uuid({ error: fieldText('fields.waitlist.doctorId') }),
  consultationType: consultationTypeSchema,
  // The calendar date only; whether it is after today and within the horizon is the server's clock to say.
  before: safeString('Before', 10).refine(isCalendarDate, fieldText('fields.waitlist.before')),
  familyMemberId: z
    .uuid({ error: fieldText('fields.family.memberId') })
    .optional()
    .nullable(),
  /** Addition: what the offered booking tells the doctor (the booking form's field); empty when left out. */
  reasonForVisit: text('Reason for visit', {
    max: 1000,
    multiline: true,
    tooLong: 'Reason for visit must be at most 1,000 characters',
  }).optional(),
});
export type WaitlistBody = z.input<typeof waitlistBodySchema>;

/**
 * One of my entries. Never the length of the line nor my place in it: "you will be told". An offer
 * names the held slot, the unpaid booking that holds it and when the hold ends.
 */
export const waitlistEntrySchema = z.object({
  id: z.uuid(),
  doctorId: z.uuid(),
  doctorName: z.string(),
  consultationType: consultationTypeSchema,
  before: z.string(),
  familyMemberId: z.uuid().nullable(),
  status: z.enum(WAITLIST_STATUSES),
  offer: z
    .object({
      appointmentId: z.uuid().nullable(),
      startsAt: z.string(),
      expiresAt: z.string(),
    })
    .nullable(),
  createdAt: z.string(),
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;
export const waitlistEntryListSchema = z.array(waitlistEntrySchema);

export const waitlistIdParamsSchema = z.object({ id: z.uuid({ error: fieldText('fields.waitlist.entryId') }) });
