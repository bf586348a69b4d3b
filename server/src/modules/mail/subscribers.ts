import { on } from '../events/bus';
import {
  enqueueAccountEmail,
  onAppointmentCancelled,
  onAppointmentCancelledByDoctor,
  onAppointmentConfirmed,
  onAppointmentRescheduled,
  onPaymentRefunded,
  onRefundFailed,
  onOutcomeHeld,
  onCareDocumentRevoked,
  onTimeProposed,
} from './events';

/**
 * E-mail follows the domain: each subscriber enqueues its mail jobs in the event's transaction
 * (the jobs table is the outbox), so a mail exists exactly when the change it announces committed.
 */
export const mailSubscribers = [
  on('appointment.confirmed', 'mail: confirmation, new booking, reminders', async ({ appointment }, { tx, now }) => {
    await onAppointmentConfirmed(tx, appointment, now);
  }),
  on(
    'appointment.cancelled',
    'mail: cancellation; reminders removed',
    async ({ appointment, by, previousStatus }, unit) => {
      // An unpaid hold was never announced, so its end is not either (lapsed, or released by the patient).
      if (previousStatus === 'pending' && (by === 'system' || by === 'patient')) return;
      if (by === 'doctor') await onAppointmentCancelledByDoctor(unit.tx, appointment.id, unit.now);
      else await onAppointmentCancelled(unit.tx, appointment, unit.now);
    },
  ),
  on('appointment.rescheduled', 'mail: new time to both; reminders moved', async (event, { tx, now }) => {
    const { appointment, previous } = event;
    await onAppointmentRescheduled(tx, appointment.id, previous.startsAt, appointment.startsAt, now);
  }),
  on('appointment.time_proposed', 'mail: the patient is asked to answer', async (event, { tx, now }) => {
    await onTimeProposed(tx, event.appointment.id, event.proposedStartsAt, now);
  }),
  on('outcome.held', 'mail: the patient hears what the doctor marked', async ({ hold }, { tx, now }) => {
    await onOutcomeHeld(tx, hold.appointmentId, now);
  }),
  on('care_document.revoked', 'mail: the patient hears a document was revoked', async ({ document }, { tx, now }) => {
    await onCareDocumentRevoked(tx, document.id, document.appointmentId, now);
  }),
  on('payment.refunded', 'mail: refund done', async ({ payment }, { tx, now }) => {
    await onPaymentRefunded(tx, payment.appointmentId, now);
  }),
  on('family_member.taken_over', 'mail: the holder hears the record moved', async ({ member }, { tx, now }) => {
    await enqueueAccountEmail(
      tx,
      { kind: 'family_record_taken_over', userId: member.holderId, familyMemberId: member.id },
      now,
    );
  }),
  on('payment.refund_failed', 'mail: the administrators are alerted', async ({ payment }, { tx, now }) => {
    await onRefundFailed(tx, payment.id, now);
  }),
];
