import { and, eq, notInArray } from 'drizzle-orm';
import { farEnoughAhead } from '@common/rules/patient-change';
import { SETTLED_PAYMENT_STATUSES } from '@common/constants/statuses';
import { payments } from '../../db/schema';
import { recordAudit } from '../audit/record';
import { on } from '../events/bus';
import type { DomainEvents } from '../events/catalog';
import { startRefund } from './refunds';
import { cardPart } from './wallet-part';
import { closeCheckout } from './service';

type Cancelled = DomainEvents['appointment.cancelled'];

/**
 * Whether a cancellation returns the money. `policy` is the patient's rule: in full when cancelled
 * while the patient may still change it (common/rules/patient-change.ts), else nothing.
 */
function refunds({ refund, appointment }: Cancelled, now: Date): boolean {
  if (refund === 'full') return true;
  if (refund === 'none') return false;
  return farEnoughAhead(appointment.startsAt, now);
}

export const paymentSubscribers = [
  on('appointment.cancelled', 'payments: refund the appointment’s payment', async (event, unit) => {
    if (refunds(event, unit.now))
      await startRefund(unit, eq(payments.appointmentId, event.appointment.id), event.by, event.actor, true);
  }),
  // An unpaid booking that ended (released by its patient, or its patient's account deleted) leaves
  // no checkout that could still be charged. Best effort after commit: if the cancellation fails or
  // loses a race with a payment, that payment finds the booking cancelled and is refunded.
  on('appointment.cancelled', 'payments: an unpaid checkout can no longer be charged', async (event, unit) => {
    if (event.previousStatus !== 'pending') return;
    const [open] = await unit.tx
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.appointmentId, event.appointment.id),
          notInArray(payments.status, [...SETTLED_PAYMENT_STATUSES]),
        ),
      );
    if (!open) return;
    const { services, now } = unit;
    unit.afterCommit(() => closeCheckout(services, open, now));
  }),
  // The alert: logged once the failure committed, with the payment and the amount only (no health
  // data); the administrators' e-mail is a mail subscriber.
  on('payment.refund_failed', 'payments: alert that a card refund failed', async ({ payment }, unit) => {
    const { services } = unit;
    unit.afterCommit(async () => {
      services.log.error(
        {
          category: 'payments',
          alert: 'refund_failed',
          paymentId: payment.id,
          amount: cardPart(payment),
          currency: payment.currency,
          failures: payment.refundFailures,
          round: payment.refundRetries,
        },
        'a card refund failed; it waits in the administrators’ failed-refunds queue',
      );
    });
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
