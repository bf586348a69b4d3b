import { and, eq } from 'drizzle-orm';
import { CANCEL_WINDOW_HOURS } from '@common/constants/platform';
import { payments } from '../../db/schema';
import { recordAudit } from '../audit/record';
import { on } from '../events/bus';
import type { DomainEvents } from '../events/catalog';
import { startRefund } from './refunds';

type Cancelled = DomainEvents['appointment.cancelled'];

/**
 * Whether a cancellation returns the money. `policy` is the patient's rule: in full when cancelled
 * more than CANCEL_WINDOW_HOURS ahead (the only time a patient may cancel), else nothing.
 */
function refunds({ refund, appointment }: Cancelled, now: Date): boolean {
  if (refund === 'full') return true;
  if (refund === 'none') return false;
  return appointment.startsAt.getTime() - now.getTime() > CANCEL_WINDOW_HOURS * 3_600_000;
}

export const paymentSubscribers = [
  on('appointment.cancelled', 'payments: refund the appointment’s payment', async (event, unit) => {
    if (!refunds(event, unit.now)) return;
    const [paid] = await unit.tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.appointmentId, event.appointment.id), eq(payments.status, 'succeeded')));
    if (paid) await startRefund(unit, paid.id, event.by, event.actor);
  }),
  on('payment.refund_started', 'audit: a refund from the console', async ({ payment, by, actor }, { tx, now }) => {
    if (by !== 'admin' || !actor) return;
    await recordAudit(
      tx,
      actor,
      {
        action: 'payment.refund',
        target: { type: 'payment', id: payment.id },
        subjectUserId: payment.patientId,
        before: { status: 'succeeded' },
        after: { status: 'refund_pending', amount: payment.amount },
      },
      now,
    );
  }),
];
