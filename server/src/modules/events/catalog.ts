import type {
  appointments,
  careDocuments,
  familyMembers,
  messages,
  outcomeHolds,
  payments,
  referrals,
  reportPurchases,
} from '../../db/schema';
import type { AuditActor } from '../audit/record';

type AppointmentRow = typeof appointments.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

/** Who made a change: a party to the appointment, an administrator, or the system (a hold ran out). */
export type Party = 'patient' | 'doctor' | 'admin' | 'system';

/** What a cancellation does with the money: all of it back, the patient's policy, or nothing. */
export type RefundMode = 'full' | 'policy' | 'none';

/**
 * Every domain event, by name. Commands emit them inside their transaction; subscribers
 * (server/src/domain-subscribers.ts lists them) react in the same transaction, so an event and
 * everything it causes commit together or not at all. Rows are the state after the change.
 */
export type DomainEvents = {
  'appointment.confirmed': { appointment: AppointmentRow; payment: PaymentRow };
  'appointment.cancelled': {
    appointment: AppointmentRow;
    previousStatus: AppointmentRow['status'];
    by: Party;
    actor: AuditActor | null;
    reason: string | null;
    refund: RefundMode;
  };
  /** `attended`: both were there (the doctor says so, or the room saw them together long enough). */
  'appointment.completed': { appointment: AppointmentRow; by: 'doctor' | 'room'; attended: boolean };
  /** Moved to a new time (the patient's own move, or an accepted proposal); `appointment` is after the move. */
  'appointment.rescheduled': {
    appointment: AppointmentRow;
    previous: Pick<AppointmentRow, 'startsAt' | 'calendarSequence'>;
    via: 'patient' | 'proposal';
    actor: AuditActor;
  };
  /** The doctor proposed a new time; nothing moved yet. */
  'appointment.time_proposed': { appointment: AppointmentRow; proposedStartsAt: Date };
  'appointment.no_show': { appointment: AppointmentRow; actor: AuditActor | null };
  'payment.succeeded': { payment: PaymentRow; appointment: AppointmentRow };
  /**
   * The payment is refund_pending: the wallet part is back, the card part is asked for after commit.
   * `visitCancelled`: its visit was cancelled before it took place, so nothing that only a visit
   * that took place creates (an outcome hold, a referral's reward) can exist for it.
   */
  'payment.refund_started': { payment: PaymentRow; by: Party; actor: AuditActor | null; visitCancelled: boolean };
  /** The provider returned the card part (or there was none): the refund is complete. */
  'payment.refunded': { payment: PaymentRow };
  /**
   * The processor would not make the card refund (it answered failed, or could not be reached
   * REFUND_MAX_FAILURES times): the payment is refund_failed and the money owed back waits in the
   * refunds_failed account for an administrator.
   */
  'payment.refund_failed': { payment: PaymentRow };
  /** An outbreak report purchase was paid (exactly once: its conditional UPDATE won). */
  'report.paid': { purchase: typeof reportPurchases.$inferSelect };
  /** A message between visits was stored (issue 41); `recipientId` is the other party's account. */
  'conversation.message_sent': {
    message: typeof messages.$inferSelect;
    conversationId: string;
    recipientId: string;
  };
  /** A doctor-marked outcome (in-person done, no-show) holds the share for the dispute window; the patient is told. */
  'outcome.held': { hold: typeof outcomeHolds.$inferSelect; appointment: AppointmentRow };
  /** The patient disputed a held outcome in its window; the share stays pending for an administrator. */
  'outcome.disputed': { hold: typeof outcomeHolds.$inferSelect; actor: AuditActor };
  /** The hold ended: released to the doctor (window passed, or an administrator), or refunded to the patient. */
  'outcome.settled': { hold: typeof outcomeHolds.$inferSelect; actor: AuditActor | null };
  /** A doctor revoked a prescription or certificate (decision 082); the patient is told, never what it said. */
  'care_document.revoked': { document: typeof careDocuments.$inferSelect };
  /**
   * The holder removed a family member (a soft delete, docs/families.md): nothing may be held or
   * offered for them any more. `member` is the row after removal.
   */
  'family_member.removed': { member: typeof familyMembers.$inferSelect };
  /**
   * A family member took over their record as the account `accountId` (decision 100): their past
   * visits and documents are that account's now, and the holder no longer sees them.
   */
  'family_member.taken_over': { member: typeof familyMembers.$inferSelect; accountId: string };
  /** A reward taken back; nothing reacts yet (the referral's own row says it). */
  'referral.reversed': { referral: typeof referrals.$inferSelect };
};

export type EventName = keyof DomainEvents;
export type DomainEvent = { [N in EventName]: { name: N } & DomainEvents[N] }[EventName];
