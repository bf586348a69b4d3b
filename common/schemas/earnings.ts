import { z } from 'zod';
import { fieldText } from '../i18n/field-text';
import { EARNING_STATUSES, PAYOUT_STATUSES } from '../constants/statuses';

/** A doctor's share of one paid appointment; amounts in cents. */
export const earningSchema = z.object({
  id: z.uuid(),
  appointmentId: z.uuid(),
  grossAmount: z.number().int(),
  platformCommission: z.number().int(),
  netEarnings: z.number().int(),
  status: z.enum(EARNING_STATUSES),
  earnedAt: z.string(),
  /** Addition: the visit the share is for, so each line names it; null if the visit is gone. */
  visit: z.object({ patientName: z.string(), startsAt: z.string() }).nullable().optional(),
});
export type Earning = z.infer<typeof earningSchema>;

/** Sums of net earnings by status, in cents; total leaves out reversed (refunded) earnings. */
export const earningStatsSchema = z.object({
  totalEarnings: z.number().int(),
  pendingEarnings: z.number().int(),
  availableEarnings: z.number().int(),
  inPayoutEarnings: z.number().int(),
  paidEarnings: z.number().int(),
  /** Last four digits of the payout account, once the doctor has given them. */
  payoutAccountLast4: z.string().nullable(),
});
export type EarningStats = z.infer<typeof earningStatsSchema>;

/** One bank transfer of available earnings; bankAccount shows only the last digits. */
export const payoutSchema = z.object({
  id: z.uuid(),
  amount: z.number().int(),
  payoutMethod: z.string(),
  bankAccount: z.string().nullable(),
  requestedAt: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  paidAt: z.string().nullable(),
});
export type Payout = z.infer<typeof payoutSchema>;

export const listQuerySchema = z.object({
  limit: z.coerce.number().int().min(1, 'limit must be 1 to 100').max(100, 'limit must be 1 to 100').default(50),
});

export const payoutRequestSchema = z.object({
  bankAccountLast4: z
    .string()
    .trim()
    .regex(/^\d{4}$/, fieldText('fields.bank.last4'))
    .optional(),
});
export type PayoutRequest = z.infer<typeof payoutRequestSchema>;

export const earningListSchema = z.array(earningSchema);
export const payoutListSchema = z.array(payoutSchema);
