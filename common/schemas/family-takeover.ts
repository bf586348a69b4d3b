import { z } from 'zod';
import { validationText } from '../i18n/validation';
import { accountEmailSchema, newPasswordSchema } from './auth';
import { createPatientProfileSchema } from './patient-profile';

/*
 * A family member who turned FAMILY_TAKEOVER_AGE takes over their own record as an account
 * (issue 42, decision 100). The holder invites them by e-mail; the link's token opens the
 * invitation once.
 */

/** `POST /api/family-members/:id/takeover-invitations`: the address the member will sign in with. */
export const takeoverInvitationBodySchema = z.object({ email: accountEmailSchema });
export type TakeoverInvitationBody = z.input<typeof takeoverInvitationBodySchema>;

/** The invitation as its sender sees it (201): where it went and until when the link works. */
export const takeoverInvitationSchema = z.object({ email: z.string(), expiresAt: z.string() });
export type TakeoverInvitation = z.infer<typeof takeoverInvitationSchema>;

const token = z
  .string({ error: validationText('validation.required', { label: 'Token' }) })
  .min(1, validationText('validation.required', { label: 'Token' }))
  .max(256, validationText('validation.tooLong', { label: 'Token' }));

/** `POST /api/family-takeovers/preview`: what the invitation is, before the person accepts it. */
export const takeoverPreviewBodySchema = z.object({ token });
export const takeoverPreviewSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** Who managed the record until now, by first name ("Ana"). */
  holderFirstName: z.string(),
  /** How many past visits come with the record. */
  visits: z.number().int().nonnegative(),
});
export type TakeoverPreview = z.infer<typeof takeoverPreviewSchema>;

/** `POST /api/family-takeovers`: accept, choosing the new account's password; answers signed in. */
export const takeoverAcceptBodySchema = z.object({
  token,
  password: newPasswordSchema,
  // The member agrees to the terms themselves: their holder agreed for them until now.
  agreedToTerms: createPatientProfileSchema.shape.agreedToTerms,
});
export type TakeoverAcceptBody = z.input<typeof takeoverAcceptBodySchema>;
