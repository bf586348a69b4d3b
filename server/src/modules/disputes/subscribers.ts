import { eq } from 'drizzle-orm';
import { outcomeHolds } from '../../db/schema';
import { recordAudit } from '../audit/record';
import { on } from '../events/bus';
import { notifyOutcomeHeld } from './messages';
import { moveHold, openHold } from './moves';

/**
 * A doctor's word alone never pays the doctor at once: what they mark (an in-person visit done, a
 * no-show) is held for the dispute window and the patient is told. A refund by any path ends the
 * hold, so the release job never reports a share the refund already took back.
 */
export const disputeSubscribers = [
  on('appointment.completed', 'disputes: a doctor-marked visit is held', async ({ appointment, by }, unit) => {
    if (by !== 'doctor') return;
    const hold = await openHold(unit.tx, appointment.id, 'completed', unit.now);
    if (hold) await unit.emit('outcome.held', { hold, appointment });
  }),
  on('appointment.no_show', 'disputes: a no-show is held', async ({ appointment }, unit) => {
    const hold = await openHold(unit.tx, appointment.id, 'no-show', unit.now);
    if (hold) await unit.emit('outcome.held', { hold, appointment });
  }),
  on('payment.refund_started', 'disputes: a refund ends the hold', async ({ payment, visitCancelled }, { tx, now }) => {
    // Holds are opened by a completed visit or a no-show, neither of which can be cancelled.
    if (payment.appointmentId && !visitCancelled)
      await moveHold(tx, 'refund', eq(outcomeHolds.appointmentId, payment.appointmentId), { resolvedAt: now });
  }),
  on('outcome.held', 'bell: the patient hears what the doctor marked', async ({ appointment, hold }, { tx }) => {
    await notifyOutcomeHeld(tx, appointment, hold);
  }),
  on('outcome.disputed', 'audit: the patient’s dispute', async ({ hold, actor }, { tx, now }) => {
    await recordAudit(
      tx,
      actor,
      {
        action: 'outcome.dispute',
        target: { type: 'appointment', id: hold.appointmentId },
        before: { status: 'held' },
        after: { status: hold.status },
      },
      now,
    );
  }),
  on('outcome.settled', 'audit: an administrator’s resolution', async ({ hold, actor }, { tx, now }) => {
    if (!actor) return;
    await recordAudit(
      tx,
      actor,
      {
        action: 'outcome.resolve',
        target: { type: 'appointment', id: hold.appointmentId },
        before: { status: 'disputed' },
        after: { status: hold.status, note: hold.resolutionNote },
      },
      now,
    );
  }),
];
