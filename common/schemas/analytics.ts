import { z } from 'zod';
import { ANALYTICS_RANGES, CAMPAIGN_AUDIENCES } from '../constants/admin';
import { APPLICATION_STATUSES, REFERRAL_STATUSES } from '../constants/statuses';
import { REFERRAL_TYPES } from '../constants/referrals';
import { text } from './text';

export const outreachQuerySchema = z.object({
  range: z.enum(ANALYTICS_RANGES, { error: 'range must be one of 7d, 30d, 90d, 1y' }).default('30d'),
});

export const outreachSchema = z.object({
  range: z.enum(ANALYTICS_RANGES),
  from: z.string(),
  to: z.string(),
  overview: z.object({
    totalApplications: z.number().int(),
    approvedDoctors: z.number().int(),
    pendingApplications: z.number().int(),
    rejectedApplications: z.number().int(),
    totalReferrals: z.number().int(),
    totalRewards: z.number().int(),
    conversionRate: z.number(),
    signUps: z.number().int(),
  }),
  applications: z.array(
    z.object({
      id: z.uuid(),
      firstName: z.string(),
      lastName: z.string(),
      specialty: z.string(),
      status: z.enum(APPLICATION_STATUSES),
      createdAt: z.string(),
    }),
  ),
  referrals: z.array(
    z.object({
      id: z.uuid(),
      referralType: z.enum(REFERRAL_TYPES),
      referredEmail: z.string(),
      status: z.enum(REFERRAL_STATUSES),
      createdAt: z.string(),
    }),
  ),
  metrics: z.object({
    patientReferrals: z.number().int(),
    doctorReferrals: z.number().int(),
    applicationsBySpecialty: z.array(z.object({ specialty: z.string(), count: z.number().int() })),
    applicationsOverTime: z.array(z.object({ date: z.string(), count: z.number().int() })),
    referralsOverTime: z.array(z.object({ date: z.string(), count: z.number().int() })),
    signUpsOverTime: z.array(z.object({ date: z.string(), count: z.number().int() })),
  }),
});
export type Outreach = z.infer<typeof outreachSchema>;

export const campaignRequestSchema = z.object({
  name: text('Name', { max: 120, min: 1 }),
  audience: z.enum(CAMPAIGN_AUDIENCES, { error: 'Pick an audience' }),
  message: text('Message', { max: 2000, min: 1, multiline: true }),
});
export type CampaignRequest = z.input<typeof campaignRequestSchema>;

export const campaignSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  audience: z.enum(CAMPAIGN_AUDIENCES),
  message: z.string(),
  createdAt: z.string(),
  /** Null while a draft. */
  sentAt: z.string().nullable(),
  /** Once sent: the e-mails queued, and the people of the audience left out because they opted out. */
  recipientCount: z.number().int().nullable(),
  optedOutCount: z.number().int().nullable(),
});
export type Campaign = z.infer<typeof campaignSchema>;
export const campaignListSchema = z.array(campaignSchema);

export const campaignIdParamsSchema = z.object({ id: z.uuid({ error: 'Campaign id must be a UUID' }) });

/** Per audience, who a campaign sent now would reach and who it would leave out. */
const audienceCountSchema = z.object({ recipients: z.number().int(), optedOut: z.number().int() });
/** One entry per audience, spelled out so the API description lists each property. */
export const campaignAudiencesSchema = z.object({
  patients: audienceCountSchema,
  doctors: audienceCountSchema,
  all: audienceCountSchema,
} satisfies Record<(typeof CAMPAIGN_AUDIENCES)[number], typeof audienceCountSchema>);
export type CampaignAudiences = z.infer<typeof campaignAudiencesSchema>;
