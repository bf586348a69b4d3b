import { z } from 'zod';
import { accountEmailSchema, emailAddressSchema, newPasswordSchema } from './auth';

/**
 * A single-use link's token as the page read it from the address bar. Anything that is not the
 * shape we issue is refused by the server with the same "not valid" answer as a forged token,
 * so the schema only bounds the length.
 */
const token = z.string({ error: 'The link is missing its token' }).min(1, 'The link is missing its token').max(200);

const currentPassword = z
  .string({ error: 'Enter your current password' })
  .min(1, 'Enter your current password')
  .max(256);

export const verifyEmailRequestSchema = z.object({ token });
export const verifyEmailReplySchema = z.object({ email: z.string(), emailVerified: z.literal(true) });
export type VerifyEmailReply = z.infer<typeof verifyEmailReplySchema>;

export const forgotPasswordRequestSchema = z.object({ email: emailAddressSchema });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

export const resetPasswordRequestSchema = z.object({ token, password: newPasswordSchema });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

export const changePasswordRequestSchema = z.object({ currentPassword, newPassword: newPasswordSchema });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const changeEmailRequestSchema = z.object({ currentPassword, newEmail: accountEmailSchema });
export type ChangeEmailRequest = z.infer<typeof changeEmailRequestSchema>;

/** Every account action that sends mail answers only this: what to expect, never whether an account exists. */
export const accountMessageReplySchema = z.object({ message: z.string() });
export type AccountMessageReply = z.infer<typeof accountMessageReplySchema>;

export const FORGOT_PASSWORD_REPLY =
  'If an account uses this address, we have sent it a link to reset the password. The link works for 1 hour.';
export const RESEND_VERIFICATION_REPLY = 'We sent a new verification link. It works for 24 hours.';
export const PASSWORD_RESET_REPLY = 'Your password was changed. Sign in with your new password.';
export const PASSWORD_CHANGED_REPLY = 'Your password was changed. Your other devices were signed out.';
export const EMAIL_CHANGE_REPLY =
  'Open the link we sent to your new address to confirm it. Until then you sign in with your current address.';
