import { z } from 'zod';
import { FAMILY_NAME_MAX_LENGTH, FAMILY_RELATIONSHIPS } from '../constants/family';
import { fieldText } from '../i18n/field-text';
import { isCalendarDate } from '../rules/slots';
import { safeString, text } from './text';

/** `POST /api/family-members` and `PUT /api/family-members/:id`: the whole member each time. */
export const familyMemberBodySchema = z.object({
  firstName: text('First name', { max: FAMILY_NAME_MAX_LENGTH, min: 1 }),
  lastName: text('Last name', { max: FAMILY_NAME_MAX_LENGTH, min: 1 }),
  // The calendar date only; whether it is in the future is the server's clock to say.
  dateOfBirth: safeString('Date of birth', 10).refine(isCalendarDate, fieldText('fields.family.dateOfBirth')),
  relationship: z.enum(FAMILY_RELATIONSHIPS, { error: fieldText('fields.family.relationship') }),
});
export type FamilyMemberBody = z.input<typeof familyMemberBodySchema>;

export const familyMemberSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: z.string(),
  relationship: z.enum(FAMILY_RELATIONSHIPS),
  createdAt: z.string(),
});
export type FamilyMember = z.infer<typeof familyMemberSchema>;
export const familyMemberListSchema = z.array(familyMemberSchema);

export const familyMemberIdParamsSchema = z.object({ id: z.uuid({ error: fieldText('fields.family.memberId') }) });

/** The family member a visit is for, as the appointment carries it (null: the holder's own visit). */
export const appointmentFamilyMemberSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: z.string(),
  relationship: z.enum(FAMILY_RELATIONSHIPS),
});
export type AppointmentFamilyMember = z.infer<typeof appointmentFamilyMemberSchema>;
