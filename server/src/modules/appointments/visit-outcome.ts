import { eq, ne } from 'drizzle-orm';
import { appointments } from '../../db/schema';
import { localizedError, notFound } from '../../core/errors';
import type { AuditActor } from '../audit/record';
import { inUnit, type UnitServices } from '../events/bus';
import { completeAppointment, markNoShow } from './commands';
import { ownsAppointment } from './doctor-cancel';
import { loadAppointment } from './queries';

const notYet = () => localizedError('conflict', 'errors.visitNotYetMarkable');

/**
 * The doctor says an in-person or phone visit took place, once it has started. A video visit is
 * completed by its room instead (the room knows whether both were there). Completion releases the
 * doctor's share and lets the patient review the visit.
 */
export async function completeByDoctor(services: UnitServices, doctorUserId: string, id: string, now: Date) {
  const { db } = services;
  if (!(await ownsAppointment(db, doctorUserId, id))) throw notFound('Appointment');
  const done = await inUnit(services, now, (unit) =>
    completeAppointment(unit, id, {
      by: 'doctor',
      attended: true,
      guard: ne(appointments.consultationType, 'video'),
    }),
  );
  if (!done) {
    const appointment = (await loadAppointment(db, eq(appointments.id, id)))!;
    if (appointment.consultationType === 'video' && appointment.status === 'confirmed')
      throw localizedError('conflict', 'errors.videoVisitCompletedWhen');
    throw notYet();
  }
  return (await loadAppointment(db, eq(appointments.id, id)))!;
}

/** The patient never came: the doctor records it after the start; the slot's earning is the doctor's. */
export async function noShowByDoctor(
  services: UnitServices,
  actor: AuditActor,
  doctorUserId: string,
  id: string,
  now: Date,
) {
  const { db } = services;
  if (!(await ownsAppointment(db, doctorUserId, id))) throw notFound('Appointment');
  const marked = await inUnit(services, now, (unit) => markNoShow(unit, id, actor));
  if (!marked) throw notYet();
  return (await loadAppointment(db, eq(appointments.id, id)))!;
}
