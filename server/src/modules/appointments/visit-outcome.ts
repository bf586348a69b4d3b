import { and, eq, lte, sql } from 'drizzle-orm';
import { NO_SHOW_AFTER_MINUTES } from '@common/constants/visit-outcomes';
import { appointments, consultationPresence } from '../../db/schema';
import { localizedError, notFound } from '../../core/errors';
import type { AuditActor } from '../audit/record';
import { inUnit, type UnitServices } from '../events/bus';
import { completeAppointment, markNoShow } from './commands';
import { ownsAppointment } from './doctor-cancel';
import { loadAppointment } from './queries';

const notYet = () => localizedError('conflict', 'errors.visitNotYetMarkable');

/**
 * The doctor says an in-person visit took place, once it has started. Video and voice visits are
 * completed by their room instead (the room knows whether both were there), never by hand.
 * What the doctor marks is held for the dispute window before the share is released (disputes/).
 */
export async function completeByDoctor(services: UnitServices, doctorUserId: string, id: string, now: Date) {
  const { db } = services;
  if (!(await ownsAppointment(db, doctorUserId, id))) throw notFound('Appointment');
  const done = await inUnit(services, now, (unit) =>
    completeAppointment(unit, id, {
      by: 'doctor',
      attended: true,
      guard: eq(appointments.consultationType, 'in-person'),
    }),
  );
  if (!done) {
    const appointment = (await loadAppointment(db, eq(appointments.id, id)))!;
    if (appointment.status === 'confirmed' && appointment.consultationType === 'video')
      throw localizedError('conflict', 'errors.videoVisitCompletedWhen');
    if (appointment.status === 'confirmed' && appointment.consultationType === 'voice')
      throw localizedError('conflict', 'errors.voiceVisitCompletedWhen');
    throw notYet();
  }
  return (await loadAppointment(db, eq(appointments.id, id)))!;
}

/** The patient was in the consultation room at some point (any presence row of theirs). */
const patientJoined = sql`exists (select 1 from ${consultationPresence} where ${consultationPresence.consultationId} = ${appointments.id} and ${consultationPresence.role} = 'patient')`;

/**
 * The patient never came: the doctor records it NO_SHOW_AFTER_MINUTES after the start at the
 * earliest, and never when the patient joined the room. The share is held for the dispute window.
 */
export async function noShowByDoctor(
  services: UnitServices,
  actor: AuditActor,
  doctorUserId: string,
  id: string,
  now: Date,
) {
  const { db } = services;
  if (!(await ownsAppointment(db, doctorUserId, id))) throw notFound('Appointment');
  const latestStart = new Date(now.getTime() - NO_SHOW_AFTER_MINUTES * 60_000);
  const marked = await inUnit(services, now, (unit) =>
    markNoShow(unit, id, actor, and(lte(appointments.startsAt, latestStart), sql`not ${patientJoined}`)),
  );
  if (!marked) {
    const [row] = await db
      .select({ status: appointments.status, startsAt: appointments.startsAt, joined: sql<boolean>`${patientJoined}` })
      .from(appointments)
      .where(eq(appointments.id, id));
    if (row.status === 'confirmed' && row.joined) throw localizedError('conflict', 'errors.noShowPatientJoined');
    if (row.status === 'confirmed' && row.startsAt <= now)
      throw localizedError('conflict', 'errors.noShowTooEarly', { minutes: NO_SHOW_AFTER_MINUTES });
    throw notYet();
  }
  return (await loadAppointment(db, eq(appointments.id, id)))!;
}
