import { z } from 'zod';
import { patientProfileFieldsSchema, patientProfileSchema } from './patient-profile';

/*
 * A family member's own health profile (issue 42): a patient profile's fields, without the date
 * of birth (the member's row has it) and the terms (their holder agreed to them).
 */

/** `PUT /api/family-members/:id/health-profile`: the whole profile each time. */
export const familyMemberProfileBodySchema = patientProfileFieldsSchema.omit({ dateOfBirth: true });
export type FamilyMemberProfileBody = z.input<typeof familyMemberProfileBodySchema>;

export const familyMemberProfileSchema = patientProfileSchema
  .omit({ userId: true, dateOfBirth: true, agreedToTerms: true })
  .extend({ familyMemberId: z.uuid() });
export type FamilyMemberProfile = z.infer<typeof familyMemberProfileSchema>;
