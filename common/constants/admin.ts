/**
 * Which events send e-mail, in the three groups the settings screen shows. The mailer reads them
 * before it queues a message: an event switched off sends nothing.
 */
export const EMAIL_EVENTS = [
  'user_registered',
  'doctor_application_submitted',
  'payment_succeeded',
  'payment_refunded',
  'payout_requested',
  'payout_paid',
  'doctor_profile_published',
  'doctor_verified',
  'appointment_cancelled',
  'appointment_reminder',
  'doctor_application_decided',
  'appointment_rescheduled',
] as const;
export type EmailEvent = (typeof EMAIL_EVENTS)[number];

export const EMAIL_EVENT_GROUPS: { key: string; title: string; description: string; events: EmailEvent[] }[] = [
  {
    key: 'registrations',
    title: 'New user registrations',
    description: 'Sign-ups, doctor applications and their decisions',
    events: ['user_registered', 'doctor_application_submitted', 'doctor_application_decided'],
  },
  {
    key: 'payments',
    title: 'Payment notifications',
    description: 'Bookings, cancellations, reminders, refunds and payouts',
    events: [
      'payment_succeeded',
      'appointment_cancelled',
      'appointment_rescheduled',
      'appointment_reminder',
      'payment_refunded',
      'payout_requested',
      'payout_paid',
    ],
  },
  {
    key: 'verifications',
    title: 'Doctor verification requests',
    description: 'Published profiles waiting for review and verifications',
    events: ['doctor_profile_published', 'doctor_verified'],
  },
];

export const EMAIL_EVENT_LABELS: Record<EmailEvent, string> = {
  user_registered: 'A user signs up',
  doctor_application_submitted: 'A doctor application arrives',
  payment_succeeded: 'A payment succeeds (booking confirmed)',
  payment_refunded: 'A payment is refunded',
  payout_requested: 'A doctor requests a payout',
  payout_paid: 'A payout is paid',
  doctor_profile_published: 'A doctor publishes a profile for review',
  doctor_verified: 'A doctor is verified',
  appointment_cancelled: 'An appointment is cancelled',
  appointment_rescheduled: 'An appointment is moved to a new time',
  appointment_reminder: 'Reminders 24 hours and 1 hour before an appointment',
  doctor_application_decided: 'A doctor application is approved or rejected',
};

/** Who an outreach campaign addresses. */
export const CAMPAIGN_AUDIENCES = ['patients', 'doctors', 'all'] as const;
export type CampaignAudience = (typeof CAMPAIGN_AUDIENCES)[number];

export const ANALYTICS_RANGES = ['7d', '30d', '90d', '1y'] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const ANALYTICS_RANGE_DAYS: Record<AnalyticsRange, number> = { '7d': 7, '30d': 30, '90d': 90, '1y': 365 };

/** Admin list page sizes and sort keys. */
export const ADMIN_PAGE_SIZE_MAX = 100;
export const ADMIN_USER_SORTS = ['createdAt', 'name', 'email'] as const;
export const ADMIN_DOCTOR_SORTS = ['createdAt', 'name', 'fee', 'completeness'] as const;
export const ADMIN_PAYMENT_SORTS = ['createdAt', 'amount'] as const;
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
