import { and, eq, sql } from 'drizzle-orm';
import { CANCEL_WINDOW_HOURS } from '@common/constants/platform';
import { patientMayChange } from '@common/rules/patient-change';
import type { NewTimeBody } from '@common/schemas/reschedule';
import { isUniqueViolation } from '../../db/errors';
import { appointments } from '../../db/schema';
import { localizedError, notFound } from '../../core/errors';
import type { AuditActor } from '../audit/record';
import { doctorWithListing } from '../listing/rule';
import { inUnit, type Unit, type UnitServices } from '../events/bus';
import { expireOpenProposal, releaseStaleHold } from './commands';
import { loadAppointment } from './queries';
import { bookableSlot, slotTaken } from './slot-check';
import { appointmentsWhere } from '../../policies/appointment';

type AppointmentRow = typeof appointments.$inferSelect;

/**
 * Moves a confirmed appointment to `newStart` inside the caller's transaction. The UPDATE of
 * `starts_at` is guarded by the status and the start it was read at, and the partial unique index
 * on (doctor, start) decides a race for the new slot exactly as it does for two bookings: the loser
 * gets a unique violation (turned into a 409 by `withSlotRace`). The old slot is free the moment
 * this commits. Payment and earning are not touched: the money belongs to the appointment, not to
 * the time.
 */
export async function moveAppointment(
  unit: Unit,
  row: AppointmentRow,
  newStart: Date,
  audit: { actor: AuditActor; via: 'patient' | 'proposal' },
) {
  const { tx, now } = unit;
  // An abandoned unpaid hold on the target slot gives way, as it does to a booking.
  await releaseStaleHold(unit, row.doctorId, newStart);
  const [moved] = await tx
    .update(appointments)
    .set({ startsAt: newStart, calendarSequence: sql`${appointments.calendarSequence} + 1`, updatedAt: now })
    .where(
      and(eq(appointments.id, row.id), eq(appointments.status, 'confirmed'), eq(appointments.startsAt, row.startsAt)),
    )
    .returning();
  if (!moved) throw localizedError('conflict', 'errors.appointmentChangedMeantimeReload');
  // A proposal made for the old time no longer applies.
  await expireOpenProposal(tx, row.id, now);
  await unit.emit('appointment.rescheduled', { appointment: moved, previous: row, via: audit.via, actor: audit.actor });
  return moved;
}

/** Runs a transaction that takes a slot; losing the slot to someone else is `refusal` (a 409). */
export async function withSlotRace<T>(work: () => Promise<T>, refusal = slotTaken): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw refusal();
    throw error;
  }
}

/**
 * A patient moves their own confirmed appointment, more than CANCEL_WINDOW_HOURS ahead (the rule
 * of cancelling), to another bookable slot of the same doctor; the type and the payment stay.
 */
export async function rescheduleAppointment(
  services: UnitServices,
  actor: AuditActor,
  patientId: string,
  id: string,
  body: NewTimeBody & { appointmentDate: string; appointmentTime: string },
  now: Date,
) {
  const { db } = services;
  const [row] = await db
    .select()
    .from(appointments)
    .where(and(eq(appointments.id, id), appointmentsWhere({ id: patientId }, 'manage_booking')));
  if (!row) throw notFound('Appointment');
  if (row.status !== 'confirmed') throw localizedError('conflict', 'errors.confirmedAppointmentsRescheduled');
  if (!patientMayChange(row, now)) {
    throw localizedError('conflict', 'errors.rescheduleWindow', { hours: CANCEL_WINDOW_HOURS });
  }
  const doctor = await doctorWithListing(db, row.doctorId);
  if (!doctor?.listed) {
    throw localizedError('conflict', 'errors.doctorTakingNewTimes');
  }
  await withSlotRace(() =>
    inUnit(services, now, async (unit) => {
      const request = { ...body, consultationType: row.consultationType, except: row.id };
      const { startsAt: newStart } = await bookableSlot(unit.tx, doctor, request, now);
      if (newStart.getTime() === row.startsAt.getTime()) {
        throw localizedError('bad_request', 'errors.appointmentTimeChooseAnother', undefined, {
          appointmentTime: { key: 'errors.field.sameAsCurrentTime' },
        });
      }
      return moveAppointment(unit, row, newStart, { actor, via: 'patient' });
    }),
  );
  return (await loadAppointment(db, eq(appointments.id, id)))!;
}
