/**
 * What the server ever writes into a notification. The bell shows its own icon for the first
 * three and a generic one for the rest, and a badge per priority.
 */
export const NOTIFICATION_TYPES = [
  'appointment_confirmation',
  'appointment_booking',
  'outbreak_alert',
  'appointment_cancelled',
  'doctor_verified',
  'application_approved',
  'application_rejected',
  'payout_paid',
  'payout_failed',
  'appointment_rescheduled',
  'reschedule_proposed',
  'reschedule_declined',
  'visit_summary_shared',
  'message_unread',
  'visit_outcome_marked',
  'care_document_revoked',
  /** A freed slot held for a patient on the waitlist (issue 42). */
  'waitlist_offer',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_PRIORITIES = ['urgent', 'high', 'medium', 'low'] as const;
export type NotificationPriority = (typeof NOTIFICATION_PRIORITIES)[number];

export const DEFAULT_NOTIFICATION_PRIORITY: NotificationPriority = 'medium';
