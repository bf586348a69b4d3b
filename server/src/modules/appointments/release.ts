import { and, eq } from 'drizzle-orm';
import { appointments, payments } from '../../db/schema';
import { localizedError, notFound } from '../../core/errors';
import { inUnit, type UnitServices } from '../events/bus';
import { cancelAppointment } from './commands';
import { paymentNotHolding } from './payment-status';
import { loadAppointment } from './queries';
import { appointmentsWhere } from '../../policies/appointment';

/**
 * The patient lets go of an unpaid booking at once, through the one cancel command. Nothing was
 * paid, so nothing is refunded (`refund: 'none'`); the payments subscriber makes the checkout's
 * intent unchargeable after commit. A payment that is processing (money is moving) keeps the hold:
 * the patient waits for it instead. The spec's PATCH cancel (confirmed, more than 24 h ahead) is
 * a different rule and stays as it is.
 */
export async function releaseHold(services: UnitServices, patientId: string, id: string, now: Date) {
  const released = await inUnit(services, now, (unit) =>
    cancelAppointment(unit, {
      id,
      by: 'patient',
      actor: null,
      refund: 'none',
      guard: and(
        appointmentsWhere({ id: patientId }, 'manage_booking'),
        eq(appointments.status, 'pending'),
        paymentNotHolding(appointments.id),
      ),
    }),
  );
  const { db } = services;
  if (!released) {
    const [existing] = await db
      .select({ status: appointments.status, payment: payments.status })
      .from(appointments)
      .leftJoin(payments, eq(payments.appointmentId, appointments.id))
      .where(and(eq(appointments.id, id), appointmentsWhere({ id: patientId }, 'manage_booking')));
    if (!existing) throw notFound('Appointment');
    if (existing.status === 'cancelled') throw localizedError('conflict', 'errors.bookingReleasedCancelled');
    if (existing.status !== 'pending' || existing.payment === 'succeeded') {
      throw localizedError('conflict', 'errors.appointmentPaidHoldCancel');
    }
    throw localizedError('conflict', 'errors.paymentBeingProcessedHold');
  }
  return (await loadAppointment(db, eq(appointments.id, id)))!;
}
