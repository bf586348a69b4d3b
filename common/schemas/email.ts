import { z } from 'zod';
import { ADMIN_PAGE_SIZE_MAX } from '../constants/admin';
import { EMAIL_KINDS, EMAIL_STATUSES, JOB_KINDS, JOB_STATUSES } from '../constants/email';
import { safeString } from './text';

const page = z.coerce.number().int('page must be a whole number').min(1).max(10_000).default(1);
const pageSize = z.coerce
  .number()
  .int('pageSize must be a whole number')
  .min(1, `pageSize must be 1 to ${ADMIN_PAGE_SIZE_MAX}`)
  .max(ADMIN_PAGE_SIZE_MAX, `pageSize must be 1 to ${ADMIN_PAGE_SIZE_MAX}`)
  .default(20);

export const adminEmailQuerySchema = z.object({
  page,
  pageSize,
  status: z.enum(EMAIL_STATUSES, { error: 'Unknown e-mail status' }).optional(),
  kind: z.enum(EMAIL_KINDS, { error: 'Unknown e-mail kind' }).optional(),
});

export const emailRowSchema = z.object({
  id: z.uuid(),
  kind: z.enum(EMAIL_KINDS),
  toAddress: z.string(),
  subject: z.string(),
  status: z.enum(EMAIL_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type EmailRow = z.infer<typeof emailRowSchema>;

/** One message as its recipient (demo mode) or an administrator reads it. */
export const emailMessageSchema = emailRowSchema.extend({ textBody: z.string(), hasCalendarFile: z.boolean() });
export type EmailMessage = z.infer<typeof emailMessageSchema>;
/** Demo mode's inbox: the messages Medora would have sent the signed-in person. */
export const emailMessageListSchema = z.array(emailMessageSchema);

export const adminJobQuerySchema = z.object({
  page,
  pageSize,
  status: z.enum(JOB_STATUSES, { error: 'Unknown job status' }).default('dead'),
});

/** A dead-lettered job given a fresh set of attempts. */
export const jobRetryReplySchema = z.object({ id: z.number().int(), status: z.literal('queued') });

export const jobRowSchema = z.object({
  id: z.number().int(),
  kind: z.enum(JOB_KINDS),
  /** The e-mail kind the job sends. */
  emailKind: z.string().nullable(),
  status: z.enum(JOB_STATUSES),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  lastError: z.string().nullable(),
  runAt: z.string(),
  finishedAt: z.string().nullable(),
  appointmentId: z.string().nullable(),
});
export type JobRowReply = z.infer<typeof jobRowSchema>;

export const jobIdParamsSchema = z.object({
  id: z.coerce.number().int('id must be a whole number').min(1).max(Number.MAX_SAFE_INTEGER),
});
export const emailIdParamsSchema = z.object({ id: z.uuid({ error: 'id must be a UUID' }) });

/** The signed token of an unsubscribe link. */
export const unsubscribeQuerySchema = z.object({ token: safeString('token', 200) });

/** Queue figures for the administrators' e-mail screen. */
export const mailSummarySchema = z.object({
  transport: z.enum(['smtp', 'outbox']),
  queued: z.number().int(),
  dead: z.number().int(),
  dropped: z.number().int(),
});
export type MailSummary = z.infer<typeof mailSummarySchema>;
