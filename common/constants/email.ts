/**
 * Outgoing e-mail: what kinds Medora sends, and what became of each message. Every message is
 * stored whether or not it left the machine, so administrators see what was sent.
 */
export const EMAIL_KINDS = [
  'booking_confirmed',
  'booking_new',
  'booking_cancelled',
  'booking_refunded',
  'booking_rescheduled',
  'reschedule_proposed',
  'booking_cancelled_by_doctor',
  'reminder_24h',
  'reminder_1h',
  'application_approved',
  'application_rejected',
  'campaign',
  'visit_summary_shared',
  'verify_email',
  'password_reset',
  'password_changed',
  'email_change_verify',
  'email_changed',
  'security_notice',
  'refund_failed',
  /** A conversation message unread for ten minutes: who wrote, never what (issue 41). */
  'message_unread',
  'visit_outcome_marked',
  /** A prescription or certificate was revoked by its doctor: the kind and the reason, never the medication (issue 41). */
  'care_document_revoked',
  /** A freed slot is held for a patient on the waitlist: when, with whom, until when (issue 42). */
  'waitlist_offer',
  /** To a family member of 16 or more: the holder invites them to take over their own record (decision 100). */
  'family_takeover_invite',
  /** To the holder: the family member took over their own record; the holder no longer sees it. */
  'family_record_taken_over',
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/** Marketing mail honours users.marketing_email_opt_out and carries a one-click unsubscribe; the rest is transactional. */
export const MARKETING_EMAIL_KINDS: readonly EmailKind[] = ['campaign'];

export const EMAIL_KIND_LABELS: Record<EmailKind, string> = {
  booking_confirmed: 'Booking confirmed',
  booking_new: 'New booking (doctor)',
  booking_cancelled: 'Booking cancelled',
  booking_refunded: 'Payment refunded',
  booking_rescheduled: 'Booking moved to a new time',
  reschedule_proposed: 'New time proposed by the doctor (patient)',
  booking_cancelled_by_doctor: 'Booking cancelled by the doctor (patient)',
  reminder_24h: 'Reminder, 24 hours before',
  reminder_1h: 'Reminder, 1 hour before',
  application_approved: 'Application approved',
  application_rejected: 'Application not approved',
  campaign: 'Campaign (marketing)',
  visit_summary_shared: 'Visit summary ready (patient)',
  verify_email: 'Verify your e-mail address',
  password_reset: 'Password reset link',
  password_changed: 'Password changed',
  email_change_verify: 'Confirm a new e-mail address',
  email_changed: 'E-mail address changed (old address)',
  security_notice: 'Security change on the account',
  refund_failed: 'A card refund failed (administrators)',
  message_unread: 'A message waiting unread',
  visit_outcome_marked: 'Visit outcome marked by the doctor (patient)',
  care_document_revoked: 'A prescription or certificate revoked (patient)',
  waitlist_offer: 'An earlier time held from the waitlist (patient)',
  family_takeover_invite: "An invitation to take over one's own record (family member)",
  family_record_taken_over: 'A family member took over their record (patient)',
};

/** Mails that carry a single-use account link: their stored copy keeps the link only in demo mode. */
export const ACCOUNT_LINK_EMAIL_KINDS: readonly EmailKind[] = [
  'verify_email',
  'password_reset',
  'email_change_verify',
  'family_takeover_invite',
];

/**
 * queued: waiting for the worker; sent: the SMTP server accepted it; stored: no SMTP configured,
 * kept in the outbox only; failed: gave up after every retry (dead letter); skipped: marketing to
 * someone who opted out.
 */
export const EMAIL_STATUSES = ['queued', 'sent', 'stored', 'failed', 'skipped'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/**
 * What the job queue runs: mail, and the scheduled kinds that replaced per-instance timers
 * (pending refunds asked again, housekeeping sweeps, held referral rewards released, consultations
 * left running past their visit ended).
 */
export const JOB_KINDS = [
  'email',
  'reminder',
  'refund_retry',
  'housekeeping',
  'referral_release',
  'consultation_end',
  /** Ten minutes after a conversation message: the bell and e-mail if it is still unread. */
  'message_unread',
  'outcome_release',
  /** One Web Push notice to a person's devices (issue 42), sent after the change it announces committed. */
  'push',
  /** The waitlist's sweep (issue 42): lapses offers past their time and offers freed slots. */
  'waitlist',
] as const;
export type JobKind = (typeof JOB_KINDS)[number];

/**
 * queued (waiting for its time), running (claimed by one instance under a lease), done, dead
 * (failed every attempt; kept for administrators), dropped (a reminder that would have been late).
 */
export const JOB_STATUSES = ['queued', 'running', 'done', 'dead', 'dropped'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** Attempts before a job is dead-lettered, and the first retry delay (doubling each time). */
export const JOB_MAX_ATTEMPTS = 5;
export const JOB_RETRY_BASE_MS = 30_000;
/** A reminder this late is dropped rather than sent. */
export const REMINDER_GRACE_MS = 15 * 60_000;
/** How long before the start each reminder goes out. */
export const REMINDER_OFFSETS = { reminder_24h: 24 * 3_600_000, reminder_1h: 3_600_000 } as const;
export type ReminderKind = keyof typeof REMINDER_OFFSETS;

export const NON_EMERGENCY_NOTICE =
  'Medora is for non-emergency consultations only. In an emergency, call your local emergency number (such as 911 or 112) or go to the nearest emergency department.';
