import { z } from 'zod';
import { currentUserSchema } from './auth';

/** Recovery codes look like `k7qz4-m2xw9`: ten letters and digits, a dash in the middle. */
export const RECOVERY_CODE_PATTERN = /^[a-z0-9]{5}-?[a-z0-9]{5}$/;
export const RECOVERY_CODE_COUNT = 10;

// Spaces (and the dash of a recovery code) are how people copy codes; nothing else is accepted.
const withoutSpaces = (value: string) => value.replace(/[ \u00a0]/g, '').toLowerCase();

/** A 6-digit code from the authenticator app; spaces between digits are fine. */
export const totpCodeSchema = z
  .string({ error: 'Enter the 6-digit code from your authenticator app' })
  .max(32, 'Enter the 6-digit code from your authenticator app')
  .transform(withoutSpaces)
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'));

/** At sign-in: a code from the app, or one of the recovery codes. */
export const signInCodeSchema = z
  .string({ error: 'Enter a code' })
  .max(32, 'Enter the 6-digit code or a recovery code')
  .transform(withoutSpaces)
  .pipe(
    z
      .string()
      .refine(
        (value) => /^\d{6}$/.test(value) || RECOVERY_CODE_PATTERN.test(value),
        'Enter the 6-digit code or a recovery code',
      ),
  );

/** The account's password again, for changes a session alone must not make. */
export const reauthPasswordSchema = z.string({ error: 'Password is required' }).min(1, 'Password is required').max(256);

/** Turning two-factor on needs the password too (issue 37): a stolen session cannot lock the owner out. */
export const mfaEnableRequestSchema = z.object({ code: totpCodeSchema, password: reauthPasswordSchema });
export const mfaDisableRequestSchema = z.object({
  password: reauthPasswordSchema,
  code: signInCodeSchema,
});
export const mfaVerifyRequestSchema = z.object({ code: signInCodeSchema });

export const mfaSetupReplySchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a QR code, an SVG document (drawn on this server, nothing from other hosts). */
  qrSvg: z.string(),
});
export type MfaSetupReply = z.infer<typeof mfaSetupReplySchema>;

export const recoveryCodesReplySchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesReply = z.infer<typeof recoveryCodesReplySchema>;

export const mfaStatusSchema = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type MfaStatus = z.infer<typeof mfaStatusSchema>;

/** The password was right; the second factor is awaited (POST /api/auth/mfa/verify). */
export const mfaRequiredReplySchema = z.object({ mfaRequired: z.literal(true) });
export const loginReplySchema = z.union([z.object({ user: currentUserSchema }), mfaRequiredReplySchema]);
export type LoginReply = z.infer<typeof loginReplySchema>;

export const sessionSchema = z.object({
  id: z.uuid(),
  device: z.string(),
  place: z.string(),
  createdAt: z.string(),
  lastActiveAt: z.string(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionSchema>;
export const sessionListSchema = z.object({ sessions: z.array(sessionSchema) });
export const sessionIdParamsSchema = z.object({ id: z.uuid({ error: 'Unknown session' }) });
export const signedOutOthersSchema = z.object({ ended: z.number().int() });
