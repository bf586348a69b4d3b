import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payments } from '../../db/schema';
import { recordAudit } from '../audit/record';
import { on } from '../events/bus';
import { expireOpenProposal } from './commands';
import { notifyCancelledByAdmin, notifyCancellation, notifyConfirmed } from './messages';
import { notifyCancelledByDoctor, notifyRescheduled } from './reschedule-messages';

/** What of the cancelled appointment's payment is being returned, 0 for none (the payments subscriber ran first). */
async function refundedAmount(tx: Db, appointmentId: string) {
  const [row] = await tx
    .select({ amount: payments.amount, status: payments.status })
    .from(payments)
    .where(eq(payments.appointmentId, appointmentId));
  return row?.status === 'refund_pending' || row?.status === 'refunded' ? row.amount : 0;
}

/** The appointment's own reactions: proposals that no longer apply, and the bell. */
export const appointmentSubscribers = [
  on('appointment.confirmed', 'bell: booking confirmed to both', async ({ appointment }, { tx }) => {
    await notifyConfirmed(tx, appointment);
  }),
  on('appointment.cancelled', 'proposals: an open proposal expires', async ({ appointment }, { tx, now }) => {
    await expireOpenProposal(tx, appointment.id, now);
  }),
  on('appointment.cancelled', 'bell: the other side hears of it', async (event, { tx }) => {
    const { appointment, by } = event;
    // The doctor never heard of an unpaid hold, so its release is not news to them.
    if (by === 'patient' && event.previousStatus !== 'pending') await notifyCancellation(tx, appointment);
    else if (by === 'doctor')
      await notifyCancelledByDoctor(
        tx,
        appointment,
        event.reason ?? '',
        (await refundedAmount(tx, appointment.id)) > 0,
      );
    else if (by === 'admin')
      await notifyCancelledByAdmin(tx, appointment, (await refundedAmount(tx, appointment.id)) > 0);
  }),
  on('appointment.cancelled', 'audit: a doctor’s cancellation', async (event, { tx, now }) => {
    if (event.by !== 'doctor' || !event.actor) return;
    await recordAudit(
      tx,
      event.actor,
      {
        action: 'appointment.doctor_cancel',
        target: { type: 'appointment', id: event.appointment.id },
        subjectUserId: event.appointment.patientId,
        before: { status: event.previousStatus },
        after: {
          status: 'cancelled',
          refunded: await refundedAmount(tx, event.appointment.id),
        },
      },
      now,
    );
  }),
  on('appointment.rescheduled', 'bell: the new time to both', async ({ appointment, previous }, { tx }) => {
    await notifyRescheduled(tx, appointment, previous.startsAt);
  }),
  on('appointment.rescheduled', 'audit: the move', async ({ appointment, previous, via, actor }, { tx, now }) => {
    await recordAudit(
      tx,
      actor,
      {
        action: 'appointment.reschedule',
        target: { type: 'appointment', id: appointment.id },
        subjectUserId: appointment.patientId,
        before: { startsAt: previous.startsAt.toISOString(), calendarSequence: previous.calendarSequence },
        after: { startsAt: appointment.startsAt.toISOString(), calendarSequence: appointment.calendarSequence, via },
      },
      now,
    );
  }),
  on('appointment.no_show', 'audit: a no-show recorded', async ({ appointment, actor }, { tx, now }) => {
    if (!actor) return;
    await recordAudit(
      tx,
      actor,
      {
        action: 'appointment.no_show',
        target: { type: 'appointment', id: appointment.id },
        subjectUserId: appointment.patientId,
        before: { status: 'confirmed' },
        after: { status: 'no-show' },
      },
      now,
    );
  }),
];
