/**
 * Every status list of the app, once. Zod schemas, the Drizzle schema, the database's CHECK
 * constraints and the services all derive from these; nothing else spells a full list out.
 */

export const APPOINTMENT_STATUSES = ['pending', 'confirmed', 'scheduled', 'completed', 'cancelled', 'no-show'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** Appointments that are still going to happen: they keep their slot and count as upcoming. */
export const LIVE_APPOINTMENT_STATUSES = [
  'pending',
  'confirmed',
  'scheduled',
] as const satisfies readonly AppointmentStatus[];

/**
 * A doctor's proposed new time for an appointment: open until the patient accepts or declines it,
 * the doctor proposes another (superseded), or it stops applying (expired: the slot passed or the
 * appointment moved or was cancelled).
 */
export const PROPOSAL_STATUSES = ['open', 'accepted', 'declined', 'superseded', 'expired'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

/** A payment intent's states in the card processor's own words; the simulated processor uses them too. */
export const PAYMENT_INTENT_STATUSES = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'succeeded',
  'canceled',
] as const;
export type PaymentIntentStatus = (typeof PAYMENT_INTENT_STATUSES)[number];

/**
 * A payment's states: the intent's, then ours once a refund is asked for and done, or given up on
 * at the processor (refund_failed: an administrator retries or resolves it, decision 072).
 */
export const PAYMENT_STATUSES = [...PAYMENT_INTENT_STATUSES, 'refund_pending', 'refunded', 'refund_failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Statuses after which a payment is settled one way or the other and never re-applied. */
export const SETTLED_PAYMENT_STATUSES = [
  'succeeded',
  'refund_pending',
  'refunded',
  'refund_failed',
] as const satisfies readonly PaymentStatus[];

/**
 * Payments the admin's "pending payments" card counts: checkouts not yet succeeded nor abandoned,
 * and refunds under way. Few at any time; a partial index holds just these (migration 0065).
 */
export const PENDING_PAYMENT_STATUSES = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'refund_pending',
] as const satisfies readonly PaymentStatus[];

/** The moves between them live in server/src/modules/earnings/transitions.ts. */
export const EARNING_STATUSES = ['pending', 'available', 'in_payout', 'paid', 'reversed'] as const;
export type EarningStatus = (typeof EARNING_STATUSES)[number];

export const PAYOUT_STATUSES = ['pending', 'paid', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

export const CONSULTATION_STATUSES = ['waiting', 'active', 'ended'] as const;
export type ConsultationStatus = (typeof CONSULTATION_STATUSES)[number];

export const PROFILE_STATUSES = ['draft', 'pending_verification', 'verified'] as const;
export type ProfileStatus = (typeof PROFILE_STATUSES)[number];

export const APPLICATION_STATUSES = ['pending', 'approved', 'rejected', 'completed'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/**
 * A referral: sent or signed up (pending); the referred person qualified and the reward waits out
 * the refund window (held); the reward is in the referrer's wallet (rewarded); the qualifying
 * payment was refunded and the reward taken back (reversed). `completed` is kept for rows written
 * before rewards were held (decision 031).
 */
export const REFERRAL_STATUSES = ['pending', 'completed', 'held', 'rewarded', 'reversed'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];
