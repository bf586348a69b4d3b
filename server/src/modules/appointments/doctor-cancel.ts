import { and, eq, gt, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { LIVE_APPOINTMENT_STATUSES } from '@common/constants/statuses';
import type { Db } from '../../db/client';
import { appointments, doctors } from '../../db/schema';
import { conflict, notFound } from '../../core/errors';
import type { PaymentProvider } from '../../payments/provider';
import { recordAudit, type AuditActor } from '../audit/record';
import { onAppointmentCancelledByDoctor } from '../mail/events';
import { refundPayment } from '../payments/refunds';
import { releaseCancelledAppointment } from './cancel-refund';
import { loadAppointment } from './queries';
import { notifyCancelledByDoctor } from './reschedule-messages';

/**
 * A doctor cancels an upcoming appointment of theirs, at any time before it starts. Unlike a
 * patient's cancellation there is no 24-hour window: the patient did nothing wrong, so the payment
 * is refunded in full through the same path (earning reversed, refund recorded pending in the
 * transaction, then the provider asked), and the patient is told why.
 */
export async function cancelByDoctor(
  db: Db,
  provider: PaymentProvider,
  log: FastifyBaseLogger,
  actor: AuditActor,
  doctorUserId: string,
  id: string,
  reason: string,
  now: Date,
) {
  const [own] = await db
    .select({ status: appointments.status })
    .from(appointments)
    .innerJoin(doctors, eq(doctors.id, appointments.doctorId))
    .where(and(eq(appointments.id, id), eq(doctors.userId, doctorUserId)));
  if (!own) throw notFound('Appointment');
  const result = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(appointments)
      .set({ status: 'cancelled', cancelledAt: now, cancellationReason: reason, updatedAt: now })
      .where(
        and(
          eq(appointments.id, id),
          inArray(appointments.status, [...LIVE_APPOINTMENT_STATUSES]),
          gt(appointments.startsAt, now),
        ),
      )
      .returning();
    if (!row) return null;
    const payment = await releaseCancelledAppointment(tx, id, now);
    await notifyCancelledByDoctor(tx, row, reason, Boolean(payment));
    await onAppointmentCancelledByDoctor(tx, id, now);
    await recordAudit(
      tx,
      actor,
      {
        action: 'appointment.doctor_cancel',
        target: { type: 'appointment', id },
        subjectUserId: row.patientId,
        before: { status: own.status },
        after: { status: 'cancelled', refunded: payment ? payment.amount : 0 },
      },
      now,
    );
    return { payment };
  });
  if (!result) {
    const [existing] = await db
      .select({ status: appointments.status })
      .from(appointments)
      .where(eq(appointments.id, id));
    if (existing.status === 'cancelled') throw conflict('This appointment is already cancelled.');
    throw conflict('Only upcoming appointments can be cancelled.');
  }
  if (result.payment) await refundPayment(db, provider, log, result.payment, now);
  return (await loadAppointment(db, eq(appointments.id, id)))!;
}
