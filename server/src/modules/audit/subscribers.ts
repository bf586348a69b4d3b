import { eq } from 'drizzle-orm';
import { payments } from '../../db/schema';
import { on } from '../events/bus';
import { recordAudit } from './record';

/** The trail of what doctors and administrators did to other people's appointments and money. */
export const auditSubscribers = [
  on('appointment.cancelled', 'audit: a doctor’s cancellation', async (event, { tx, now }) => {
    if (event.by !== 'doctor' || !event.actor) return;
    const [payment] = await tx
      .select({ amount: payments.amount, status: payments.status })
      .from(payments)
      .where(eq(payments.appointmentId, event.appointment.id));
    const refunded = payment && (payment.status === 'refund_pending' || payment.status === 'refunded');
    await recordAudit(
      tx,
      event.actor,
      {
        action: 'appointment.doctor_cancel',
        target: { type: 'appointment', id: event.appointment.id },
        subjectUserId: event.appointment.patientId,
        before: { status: event.previousStatus },
        after: { status: 'cancelled', refunded: refunded ? payment.amount : 0 },
      },
      now,
    );
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
