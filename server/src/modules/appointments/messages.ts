import { eq } from 'drizzle-orm';
import { CONSULTATION_TYPE_LABELS } from '@common/constants/consultation-types';
import { toTwelveHour, wallClock } from '@common/rules/zoned-time';
import type { Db } from '../../db/client';
import { doctors, users, type appointments } from '../../db/schema';
import { notify } from '../notifications/service';

type AppointmentRow = typeof appointments.$inferSelect;

const typeLabel = (type: AppointmentRow['consultationType']) =>
  CONSULTATION_TYPE_LABELS[type].toLowerCase().replace('in-person', 'in-person visit');

/** "Tuesday, November 24, 2026 at 10:00 AM (America/New_York)": the doctor's wall clock, named. */
export function whenText(startsAt: Date, timeZone: string): string {
  const date = new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone,
  }).format(startsAt);
  return `${date} at ${toTwelveHour(wallClock(startsAt, timeZone).time)} (${timeZone})`;
}

async function people(db: Db, appointment: AppointmentRow) {
  const [doctor] = await db
    .select({ userId: doctors.userId, lastName: users.lastName })
    .from(doctors)
    .innerJoin(users, eq(users.id, doctors.userId))
    .where(eq(doctors.id, appointment.doctorId));
  const [patient] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, appointment.patientId));
  return { doctor, patient };
}

/** The patient gets appointment_confirmation, the doctor appointment_booking (the bell's icons). */
export async function notifyConfirmed(db: Db, appointment: AppointmentRow) {
  const { doctor, patient } = await people(db, appointment);
  const when = whenText(appointment.startsAt, appointment.timeZone);
  await notify(db, {
    userId: appointment.patientId,
    type: 'appointment_confirmation',
    title: 'Appointment Confirmed',
    message: `Your ${typeLabel(appointment.consultationType)} with Dr. ${doctor.lastName} on ${when} is confirmed.`,
    priority: 'high',
  });
  await notify(db, {
    userId: doctor.userId,
    type: 'appointment_booking',
    title: 'New Appointment Booked',
    message: `${patient.firstName} ${patient.lastName} booked a ${typeLabel(appointment.consultationType)} on ${when}.`,
    priority: 'high',
  });
}

export async function notifyCancellation(db: Db, appointment: AppointmentRow) {
  const { doctor, patient } = await people(db, appointment);
  await notify(db, {
    userId: doctor.userId,
    type: 'appointment_cancelled',
    title: 'Appointment Cancelled',
    message: `${patient.firstName} ${patient.lastName} cancelled the ${typeLabel(appointment.consultationType)} on ${whenText(appointment.startsAt, appointment.timeZone)}. The slot is free again.`,
    priority: 'medium',
  });
}
