import { z } from 'zod';
import { REFERRAL_TYPES } from '../constants/referrals';
import { REFERRAL_STATUSES } from '../constants/statuses';
import { validationText } from '../i18n/validation';
import { safeString } from './text';

export const INVALID_EMAIL_MESSAGE = 'Invalid email: please enter a valid email address.';

/** `POST /api/referrals`. The server's messages carry the words the page maps to its own texts. */
export const createReferralSchema = z.object({
  referredEmail: z
    .string({ error: 'Email is required' })
    .trim()
    .toLowerCase()
    .min(1, 'Email is required')
    .max(254, INVALID_EMAIL_MESSAGE)
    .pipe(z.email({ error: INVALID_EMAIL_MESSAGE })),
  referralType: z.enum(REFERRAL_TYPES, { error: 'Referral type is required' }),
});
export type CreateReferral = z.input<typeof createReferralSchema>;

export const referralSchema = z.object({
  id: z.uuid(),
  referredEmail: z.string(),
  referralType: z.enum(REFERRAL_TYPES),
  status: z.enum(REFERRAL_STATUSES),
  /** Cents: the potential reward while pending, the earned one once completed. */
  rewardAmount: z.number().int(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type Referral = z.infer<typeof referralSchema>;

export const referralListSchema = z.array(referralSchema);

/** The person's own code and what the programme has paid them, in cents. */
export const referralSummarySchema = z.object({
  referralCode: z.string(),
  walletBalance: z.number().int(),
  totalEarned: z.number().int(),
});
export type ReferralSummary = z.infer<typeof referralSummarySchema>;

export const walletEntrySchema = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  reason: z.string(),
  /** An administrator's reason for a goodwill credit; null for other lines. */
  memo: z.string().nullable(),
  createdAt: z.string(),
});
export const walletSchema = z.object({ balance: z.number().int(), entries: z.array(walletEntrySchema) });
export type Wallet = z.infer<typeof walletSchema>;

/** A referral code as it travels in a sign-up link and the sign-up request. */
export const referralCodeSchema = safeString('Referral code', 32).regex(
  /^[A-Za-z0-9]+$/,
  validationText('validation.referralCode.invalid'),
);
