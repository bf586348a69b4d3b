import { z } from 'zod';
import type { EmailKind, ReminderKind } from '@common/constants/email';
import { defineJobKind } from '../jobs/registry';

const recipient = z.enum(['patient', 'doctor']);

/** What a security notice tells the account's address about. */
export const SECURITY_NOTICE_EVENTS = ['mfa_enabled', 'payout_account_replaced', 'email_change_requested'] as const;
export type SecurityNoticeEvent = (typeof SECURITY_NOTICE_EVENTS)[number];

/** Appointment mails that carry nothing but the appointment and who it goes to (reminders go as `reminder` jobs). */
const plainAppointmentKind = z.enum([
  'booking_confirmed',
  'booking_new',
  'booking_cancelled',
  'booking_refunded',
  'booking_cancelled_by_doctor',
]);
const reminderKind = z.enum(['reminder_24h', 'reminder_1h']);

/** What an `email` job carries: ids only, so a message is composed from the records as they are when it goes out. */
export const emailJobPayloadSchema = z.discriminatedUnion('kind', [
  z.object({ kind: plainAppointmentKind, appointmentId: z.uuid(), recipient }),
  /** `previousStartsAt`: the time it moved from (ISO), which the records no longer hold. */
  z.object({
    kind: z.literal('booking_rescheduled'),
    appointmentId: z.uuid(),
    recipient,
    previousStartsAt: z.iso.datetime(),
  }),
  /** `proposedStartsAt`: the doctor's proposed time (ISO); the appointment keeps its own until the patient accepts. */
  z.object({
    kind: z.literal('reschedule_proposed'),
    appointmentId: z.uuid(),
    recipient: z.literal('patient'),
    proposedStartsAt: z.iso.datetime(),
  }),
  z.object({ kind: z.enum(['application_approved', 'application_rejected']), applicationId: z.uuid() }),
  z.object({ kind: z.literal('campaign'), userId: z.uuid(), subject: z.string(), message: z.string() }),
  /** Says only that a summary is ready: the health content stays behind sign-in. */
  z.object({ kind: z.literal('visit_summary_shared'), appointmentId: z.uuid(), recipient: z.literal('patient') }),
  /** What the doctor marked and until when the patient may dispute it (read from the hold when sent). */
  z.object({ kind: z.literal('visit_outcome_marked'), appointmentId: z.uuid(), recipient: z.literal('patient') }),
  /** Account mail: the token of a link is issued when the mail is composed, never stored in the job. */
  z.object({ kind: z.enum(['verify_email', 'password_changed']), userId: z.uuid() }),
  /** By address: the form that asks for it answers the same whether an account has it or not. */
  z.object({ kind: z.literal('password_reset'), email: z.string() }),
  z.object({ kind: z.literal('email_change_verify'), userId: z.uuid(), newEmail: z.string() }),
  z.object({ kind: z.literal('email_changed'), userId: z.uuid(), oldEmail: z.string(), newEmail: z.string() }),
  /** A change made with the password (issue 37), told to the account's own address; `last4` of a payout account. */
  z.object({
    kind: z.literal('security_notice'),
    userId: z.uuid(),
    event: z.enum(SECURITY_NOTICE_EVENTS),
    last4: z.string().max(4).optional(),
  }),
  /** To one administrator: a card refund failed (the payment's id only; the rest is read when it goes). */
  z.object({ kind: z.literal('refund_failed'), paymentId: z.uuid(), userId: z.uuid() }),
  /** To `userId`: `senderId` wrote to them and it stayed unread (issue 41); the message itself is never in a job. */
  z.object({ kind: z.literal('message_unread'), userId: z.uuid(), senderId: z.uuid() }),
  /** To the patient: their doctor revoked a prescription or certificate (its id only; never its content). */
  z.object({ kind: z.literal('care_document_revoked'), documentId: z.uuid() }),
  /** To the patient: a freed slot is held for them from the waitlist (read from the entry when sent). */
  z.object({ kind: z.literal('waitlist_offer'), appointmentId: z.uuid(), recipient: z.literal('patient') }),
  /** From the holder `userId` to the address a family member will sign in with (decision 100). */
  z.object({
    kind: z.literal('family_takeover_invite'),
    userId: z.uuid(),
    familyMemberId: z.uuid(),
    email: z.string(),
  }),
  /** To the holder `userId`: the member took over their own record. */
  z.object({ kind: z.literal('family_record_taken_over'), userId: z.uuid(), familyMemberId: z.uuid() }),
]);

/** What a `reminder` job carries: which reminder, for which appointment and side. */
export const reminderJobPayloadSchema = z.object({ kind: reminderKind, appointmentId: z.uuid(), recipient });

/** The two mail job kinds; one handler (emailJobHandler) sends both. */
export const emailJob = defineJobKind({ kind: 'email', version: 1, schema: emailJobPayloadSchema });
export const reminderJob = defineJobKind({ kind: 'reminder', version: 1, schema: reminderJobPayloadSchema });

export type Recipient = z.infer<typeof recipient>;
/** Every payload a mail job carries, reminders included. */
export type EmailJobPayload = z.infer<typeof emailJobPayloadSchema> | z.infer<typeof reminderJobPayloadSchema>;
export const ACCOUNT_EMAIL_KINDS = [
  'verify_email',
  'password_changed',
  'password_reset',
  'email_change_verify',
  'email_changed',
  'security_notice',
  'family_takeover_invite',
  'family_record_taken_over',
] as const;
export type AccountEmailPayload = Extract<
  z.infer<typeof emailJobPayloadSchema>,
  { kind: (typeof ACCOUNT_EMAIL_KINDS)[number] }
>;
export const isAccountEmail = (payload: EmailJobPayload): payload is AccountEmailPayload =>
  (ACCOUNT_EMAIL_KINDS as readonly string[]).includes(payload.kind);
export type AppointmentEmailKind = Exclude<
  EmailKind,
  | 'application_approved'
  | 'application_rejected'
  | 'campaign'
  | 'visit_summary_shared'
  | 'refund_failed'
  | 'message_unread'
  | 'visit_outcome_marked'
  | 'waitlist_offer'
  | (typeof ACCOUNT_EMAIL_KINDS)[number]
>;
export type PlainAppointmentKind = z.infer<typeof plainAppointmentKind> | ReminderKind;

export const isReminder = (kind: EmailKind): kind is ReminderKind => kind === 'reminder_24h' || kind === 'reminder_1h';
