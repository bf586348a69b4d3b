import { z } from 'zod';
import { SIGNUP_USER_TYPES, USER_TYPES } from '../constants/user-types';
import { isReservedEmail, RESERVED_EMAIL_MESSAGE } from '../rules/email-identity';
import { isValidTimeZone } from '../rules/zoned-time';
import { referralCodeSchema } from './referrals';
import { safeString, text } from './text';

export const userTypeSchema = z.enum(USER_TYPES);
export type UserType = z.infer<typeof userTypeSchema>;

export const MIN_PASSWORD_LENGTH = 10;

export const emailAddressSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .max(254, 'Email is too long')
  .pipe(z.email({ error: 'Enter a valid email address' }));

const email = emailAddressSchema;

/** An address an account may take (sign-up, e-mail change): a valid one outside the reserved domains. */
export const accountEmailSchema = email.refine((value) => !isReservedEmail(value), RESERVED_EMAIL_MESSAGE);

export const loginRequestSchema = z.object({
  email,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(256),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

const name = (label: string) => text(label, { max: 80, min: 1 });

/** A password being chosen (sign-up, reset, change): the length rules in one place. */
export const newPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(256, 'Password is too long');

/** An IANA zone the person lives by ("Europe/Berlin"): only ids this runtime's Intl knows. */
export const accountTimeZoneSchema = safeString('Time zone', 64).refine((v) => isValidTimeZone(v), {
  error: 'Pick a time zone from the list',
});

export const registerRequestSchema = z.object({
  email: accountEmailSchema,
  password: newPasswordSchema,
  firstName: name('First name'),
  lastName: name('Last name'),
  userType: z.enum(SIGNUP_USER_TYPES, { error: 'Choose patient or doctor' }),
  /** From a referral link the person followed before signing up. */
  referralCode: referralCodeSchema.optional(),
  /** The browser's zone, so the first e-mail already reads in the person's clock. */
  timeZone: accountTimeZoneSchema.optional(),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** The signed-in user as every screen sees it, plus the flags the shell needs. */
export const currentUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
  userType: userTypeSchema,
  isActive: z.boolean(),
  isVerified: z.boolean(),
  /** The person confirmed their address; until then booking, paying and referring are refused. */
  emailVerified: z.boolean(),
  createdAt: z.string(),
  /** Two-factor sign-in is on. */
  mfaEnabled: z.boolean(),
  /** An administrator who must set up two-factor sign-in before anything else. */
  mfaSetupRequired: z.boolean(),
  /** The IANA zone every time is shown in for this person; null until the browser or /profile set one. */
  timeZone: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const timeZoneRequestSchema = z.object({
  timeZone: accountTimeZoneSchema,
  /** The browser's guess at a first sign-in: it never replaces a zone already set. */
  detected: z.boolean().optional(),
});
export type TimeZoneRequest = z.infer<typeof timeZoneRequestSchema>;

export const authReplySchema = z.object({ user: currentUserSchema });
export type AuthReply = z.infer<typeof authReplySchema>;

export const loginRedirectQuerySchema = z.object({ returnTo: safeString('Return path', 2000).optional() });

/**
 * Only same-site paths are allowed as return targets so /api/login cannot be used as an open
 * redirect: a single leading slash, no scheme, no protocol-relative `//host` and no backslash trick.
 */
export function safeReturnPath(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return fallback;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback;
  if (/[\u0000-\u001f]/.test(value)) return fallback;
  if (value.startsWith('/api/')) return fallback;
  return headerSafePath(value) ?? fallback;
}

/** A Location header carries ASCII only: other characters are percent-encoded, broken ones refused. */
function headerSafePath(value: string): string | null {
  try {
    return value.replace(/[^\u0021-\u007e]+/gu, (run) => encodeURIComponent(run));
  } catch {
    return null;
  }
}
