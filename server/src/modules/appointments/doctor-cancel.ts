import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appointments, doctors } from '../../db/schema';
import { localizedError, notFound } from '../../core/errors';
import type { AuditActor } from '../audit/record';
import { inUnit, type UnitServices } from '../events/bus';
import { cancelAppointment } from './commands';
import { loadAppointment } from './queries';
import { appointmentsWhere } from '../../policies/appointment';

/**
 * A doctor cancels an upcoming appointment of theirs, at any time before it starts. Unlike a
 * patient's cancellation there is no 24-hour window: the patient did nothing wrong, so the payment
 * is refunded in full by the same command, and the patient is told why.
 */
export async function cancelByDoctor(
  services: UnitServices,
  actor: AuditActor,
  doctorUserId: string,
  id: string,
  reason: string,
  now: Date,
) {
  const { db } = services;
  if (!(await ownsAppointment(db, doctorUserId, id))) throw notFound('Appointment');
  const cancelled = await inUnit(services, now, (unit) =>
    cancelAppointment(unit, { id, by: 'doctor', actor, reason, refund: 'full', guard: gt(appointments.startsAt, now) }),
  );
  if (!cancelled) {
    const [existing] = await db
      .select({ status: appointments.status })
      .from(appointments)
      .where(eq(appointments.id, id));
    if (existing.status === 'cancelled') throw localizedError('conflict', 'errors.appointmentCancelled');
    throw localizedError('conflict', 'errors.upcomingAppointmentsCancelled');
  }
  return (await loadAppointment(db, eq(appointments.id, id)))!;
}

export async function ownsAppointment(db: Db, doctorUserId: string, id: string) {
  const [own] = await db
    .select({ id: appointments.id })
    .from(appointments)
    .innerJoin(doctors, eq(doctors.id, appointments.doctorId))
    .where(and(eq(appointments.id, id), appointmentsWhere({ id: doctorUserId }, 'manage_book')));
  return Boolean(own);
}
