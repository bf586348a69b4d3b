import { z } from 'zod';
import { SIGNUP_USER_TYPES } from '../constants/user-types';
import { accountTimeZoneSchema, currentUserSchema } from './auth';
import { referralCodeSchema } from './referrals';

/*
 * Signing in with a clinic's OpenID Connect provider (decision 057). The callback never shows the
 * provider's own words: it sends the browser to /login?oidcError=<code>, and the sign-in screen
 * shows the sentence below for that code.
 */

export const OIDC_ERROR_CODES = [
  'state',
  'expired',
  'cancelled',
  'provider_error',
  'rejected',
  'unavailable',
  'no_email',
  'unverified_email',
  'unconfirmed_account',
  'admin_account',
  'deactivated',
  'other_identity',
] as const;
export type OidcErrorCode = (typeof OIDC_ERROR_CODES)[number];

/** What the sign-in screen says for each refusal; `name` is the provider's (OIDC_NAME). */
export function oidcErrorMessage(code: OidcErrorCode, name: string): string {
  switch (code) {
    case 'state':
      return 'We could not confirm that this sign-in was started here, so you were not signed in. Please start again.';
    case 'expired':
      return 'This sign-in has expired or was already used. Please sign in again.';
    case 'cancelled':
      return `Signing in with ${name} was cancelled.`;
    case 'provider_error':
      return `${name} could not sign you in. Please try again, or use your Medora password.`;
    case 'rejected':
      return `${name}'s answer could not be verified, so you were not signed in. Please try again.`;
    case 'unavailable':
      return `${name} cannot be reached right now. Try again in a few minutes, or use your Medora password.`;
    case 'no_email':
      return `${name} did not share your e-mail address, which Medora needs to sign you in.`;
    case 'unverified_email':
      return `A Medora account already uses this e-mail address, and ${name} has not confirmed that the address is yours, so they cannot be linked. Sign in with your Medora password instead.`;
    case 'unconfirmed_account':
      return `A Medora account uses this e-mail address but never confirmed it. Use "Forgot password?" to confirm the address, then sign in with ${name} again.`;
    case 'admin_account':
      return `Administrator accounts sign in with their password, not with ${name}.`;
    case 'deactivated':
      return 'This account has been deactivated. Please contact support.';
    case 'other_identity':
      return `This Medora account is already linked to another ${name} login.`;
  }
}

export const isOidcErrorCode = (value: unknown): value is OidcErrorCode =>
  typeof value === 'string' && (OIDC_ERROR_CODES as readonly string[]).includes(value);

/** Whether this server offers a provider, and whether it answered its discovery document. */
export const oidcStatusSchema = z.object({
  provider: z.object({ name: z.string(), available: z.boolean() }).nullable(),
});
export type OidcStatus = z.infer<typeof oidcStatusSchema>;

/** The person waiting to choose patient or doctor after their first sign-in with the provider. */
export const oidcPendingSignupSchema = z.object({
  signup: z
    .object({
      providerName: z.string(),
      email: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      /** The provider confirmed the address; otherwise Medora mails its own link first. */
      emailVerified: z.boolean(),
    })
    .nullable(),
});
export type OidcPendingSignup = z.infer<typeof oidcPendingSignupSchema>;

export const oidcSignupRequestSchema = z.object({
  userType: z.enum(SIGNUP_USER_TYPES, { error: 'Choose patient or doctor' }),
  referralCode: referralCodeSchema.optional(),
  timeZone: accountTimeZoneSchema.optional(),
});
export type OidcSignupRequest = z.infer<typeof oidcSignupRequestSchema>;

export const oidcSignupReplySchema = z.object({ user: currentUserSchema, returnTo: z.string() });
export type OidcSignupReply = z.infer<typeof oidcSignupReplySchema>;

// The provider's answer arrives as query parameters; anything odd (a repeated or overlong value)
// is a failed sign-in shown on the sign-in screen, never a bare 400.
const param = z.union([z.string(), z.array(z.string())]).optional();
export const oidcCallbackQuerySchema = z.object({
  code: param,
  state: param,
  error: param,
  iss: param,
});
