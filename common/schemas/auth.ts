import { z } from 'zod';
import { SIGNUP_USER_TYPES, USER_TYPES } from '../constants/user-types';
import { LANGUAGES } from '../i18n/languages';
import { validationText } from '../i18n/validation';
import { isReservedEmail } from '../rules/email-identity';
import { isValidTimeZone } from '../rules/zoned-time';
import { referralCodeSchema } from './referrals';
import { safeString, text } from './text';

export const userTypeSchema = z.enum(USER_TYPES);
export type UserType = z.infer<typeof userTypeSchema>;

export const MIN_PASSWORD_LENGTH = 10;

export const emailAddressSchema = z
  .string({ error: validationText('validation.required', { label: 'Email' }) })
  .trim()
  .toLowerCase()
  .max(254, validationText('validation.tooLong', { label: 'Email' }))
  .pipe(z.email({ error: validationText('validation.email.invalid') }));

const email = emailAddressSchema;

/** An address an account may take (sign-up, e-mail change): a valid one outside the reserved domains. */
export const accountEmailSchema = email.refine(
  (value) => !isReservedEmail(value),
  validationText('validation.email.reserved'),
);

export const loginRequestSchema = z.object({
  email,
  password: z
    .string({ error: validationText('validation.required', { label: 'Password' }) })
    .min(1, validationText('validation.required', { label: 'Password' }))
    .max(256),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

const name = (label: string) => text(label, { max: 80, min: 1 });

/** A password being chosen (sign-up, reset, change): the length rules in one place. */
export const newPasswordSchema = z
  .string({ error: validationText('validation.required', { label: 'Password' }) })
  .min(MIN_PASSWORD_LENGTH, validationText('validation.password.tooShort', { min: MIN_PASSWORD_LENGTH }))
  .max(256, validationText('validation.tooLong', { label: 'Password' }));

/** An IANA zone the person lives by ("Europe/Berlin"): only ids this runtime's Intl knows. */
export const accountTimeZoneSchema = safeString('Time zone', 64).refine((v) => isValidTimeZone(v), {
  error: validationText('validation.timeZone.pick'),
});

/** A language Medora speaks; anything else (NUL, "xx", a long string) is a 400. */
export const languageSchema = z.enum(LANGUAGES, { error: validationText('validation.language.pick') });

export const registerRequestSchema = z.object({
  email: accountEmailSchema,
  password: newPasswordSchema,
  firstName: name('First name'),
  lastName: name('Last name'),
  userType: z.enum(SIGNUP_USER_TYPES, { error: validationText('validation.userType.choose') }),
  /** From a referral link the person followed before signing up. */
  referralCode: referralCodeSchema.optional(),
  /** The browser's zone, so the first e-mail already reads in the person's clock. */
  timeZone: accountTimeZoneSchema.optional(),
  /** The language the person signed up in, so their e-mails are written in it. */
  language: languageSchema.optional(),
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
  /** The language screens, e-mails and documents use for this person; null until one is chosen or detected. */
  language: languageSchema.nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const timeZoneRequestSchema = z.object({
  timeZone: accountTimeZoneSchema,
  /** The browser's guess at a first sign-in: it never replaces a zone already set. */
  detected: z.boolean().optional(),
});
export type TimeZoneRequest = z.infer<typeof timeZoneRequestSchema>;

export const languageRequestSchema = z.object({ language: languageSchema });
export type LanguageRequest = z.infer<typeof languageRequestSchema>;

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
