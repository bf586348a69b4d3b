import { z } from 'zod';
import { EMAIL_EVENTS } from '../constants/admin';
import { FEE_LIMIT_MAX_CENTS, FEE_LIMIT_MIN_CENTS, MAX_PLATFORM_FEE_PERCENT } from '../constants/platform';

const cents = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be whole cents`)
    .min(FEE_LIMIT_MIN_CENTS, `${label} must be at least $${FEE_LIMIT_MIN_CENTS / 100}`)
    .max(FEE_LIMIT_MAX_CENTS, `${label} must be at most $${(FEE_LIMIT_MAX_CENTS / 100).toLocaleString('en-US')}`);

/**
 * The administrators' platform settings. Fees are cents; the auto-verify threshold is a
 * completeness percent, or null when automatic verification is off.
 */
export const platformSettingsSchema = z
  .object({
    platformFeePercent: z
      .number({ error: 'Platform fee must be a number' })
      .int('Platform fee must be a whole percent')
      .min(0, 'Platform fee cannot be negative')
      .max(MAX_PLATFORM_FEE_PERCENT, `Platform fee must be at most ${MAX_PLATFORM_FEE_PERCENT}%`),
    minConsultationFee: cents('Minimum fee'),
    maxConsultationFee: cents('Maximum fee'),
    autoVerifyThreshold: z
      .number({ error: 'Auto-verify threshold must be a number' })
      .int('Auto-verify threshold must be a whole percent')
      .min(70, 'Auto-verify threshold must be at least 70% (the publishing threshold)')
      .max(100, 'Auto-verify threshold must be at most 100%')
      .nullable(),
    emailEvents: z
      .array(z.enum(EMAIL_EVENTS, { error: 'Unknown e-mail event' }))
      .max(EMAIL_EVENTS.length)
      .transform((list) => [...new Set(list)]),
  })
  .superRefine((s, ctx) => {
    if (s.minConsultationFee > s.maxConsultationFee) {
      ctx.addIssue({
        code: 'custom',
        path: ['maxConsultationFee'],
        message: 'Maximum fee must be at least the minimum fee',
      });
    }
  });
export type PlatformSettingsInput = z.input<typeof platformSettingsSchema>;
export type PlatformSettingsValues = z.output<typeof platformSettingsSchema>;

export const platformSettingsReplySchema = z.object({
  platformFeePercent: z.number().int(),
  minConsultationFee: z.number().int(),
  maxConsultationFee: z.number().int(),
  autoVerifyThreshold: z.number().int().nullable(),
  emailEvents: z.array(z.enum(EMAIL_EVENTS)),
  updatedAt: z.string().nullable(),
});
export type PlatformSettings = z.infer<typeof platformSettingsReplySchema>;
