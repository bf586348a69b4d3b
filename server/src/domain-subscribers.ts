import { appointmentSubscribers } from './modules/appointments/subscribers';
import { careDocumentSubscribers } from './modules/care-documents/subscribers';
import { consultationSubscribers } from './modules/consultations/subscribers';
import { conversationSubscribers } from './modules/conversations/unread-notice';
import { disputeSubscribers } from './modules/disputes/subscribers';
import { earningSubscribers } from './modules/earnings/subscribers';
import type { Subscriber } from './modules/events/bus';
import { mailSubscribers } from './modules/mail/subscribers';
import { paymentSubscribers } from './modules/payments/subscribers';
import { pushSubscribers } from './modules/push/subscribers';
import { receiptSubscribers } from './modules/receipts/subscribers';
import { referralSubscribers } from './modules/referrals/subscribers';
import { waitlistSubscribers } from './modules/waitlist/subscribers';

/**
 * Every reaction to a domain event, in the order they run within an event. Money first (the
 * payment's refund, then the shares it takes back), then the appointment's own state (proposals,
 * the room), then what people are told (bell, e-mail) and the audit trail, which read the money's
 * outcome; each module writes its own audit lines. Adding a side effect means adding a subscriber here, not editing the commands.
 */
export const domainSubscribers: readonly Subscriber[] = [
  ...paymentSubscribers,
  ...earningSubscribers,
  ...receiptSubscribers,
  ...referralSubscribers,
  ...disputeSubscribers,
  ...appointmentSubscribers,
  ...consultationSubscribers,
  ...mailSubscribers,
  ...conversationSubscribers,
  ...careDocumentSubscribers,
  ...pushSubscribers,
  ...waitlistSubscribers,
] as readonly Subscriber[];
