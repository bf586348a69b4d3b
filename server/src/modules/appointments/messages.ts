import { eq } from 'drizzle-orm';
import { CONSULTATION_TYPE_LABELS } from '@common/constants/consultation-types';
import { defaultTimeZone } from '@common/constants/country-time-zones';
import { whenText as displayWhen } from '@common/rules/display-time';
import { isValidTimeZone } from '@common/rules/zoned-time';
import type { Db } from '../../db/client';
import { doctors, patientProfiles, users, type appointments } from '../../db/schema';
import { notify } from '../notifications/service';

type AppointmentRow = typeof appointments.$inferSelect;

const typeLabel = (type: AppointmentRow['consultationType']) =>
  CONSULTATION_TYPE_LABELS[type].toLowerCase().replace('in-person', 'in-person visit');

/** "Tuesday, November 24, 2026 at 10:00 AM EST (America/New_York)": the doctor's wall clock, named. */
export function whenText(startsAt: Date, timeZone: string): string {
  return `${displayWhen(startsAt, timeZone)} (${timeZone})`;
}

/** The patient's zone: the usual zone of the country on their profile, else the booking's (the doctor's). */
function patientZone(country: string | null | undefined, fallback: string): string {
  const zone = country ? defaultTimeZone(country) : undefined;
  return zone && isValidTimeZone(zone) ? zone : fallback;
}

/** Each side reads its own clock first and the other's where it differs. */
export function appointmentWhen(
  appointment: Pick<AppointmentRow, 'startsAt' | 'timeZone'>,
  patientCountry: string | null | undefined,
) {
  const doctorZone = appointment.timeZone;
  const patient = patientZone(patientCountry, doctorZone);
  return {
    patient: displayWhen(appointment.startsAt, patient, doctorZone),
    doctor: displayWhen(appointment.startsAt, doctorZone, patient),
  };
}

async function people(db: Db, appointment: AppointmentRow) {
  const [doctor] = await db
    .select({ userId: doctors.userId, lastName: users.lastName })
    .from(doctors)
    .innerJoin(users, eq(users.id, doctors.userId))
    .where(eq(doctors.id, appointment.doctorId));
  const [patient] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, country: patientProfiles.country })
    .from(users)
    .leftJoin(patientProfiles, eq(patientProfiles.userId, users.id))
    .where(eq(users.id, appointment.patientId));
  return { doctor, patient };
}

/** The patient gets appointment_confirmation, the doctor appointment_booking (the bell's icons). */
export async function notifyConfirmed(db: Db, appointment: AppointmentRow) {
  const { doctor, patient } = await people(db, appointment);
  const when = appointmentWhen(appointment, patient.country);
  await notify(db, {
    userId: appointment.patientId,
    type: 'appointment_confirmation',
    title: 'Appointment Confirmed',
    message: `Your ${typeLabel(appointment.consultationType)} with Dr. ${doctor.lastName} on ${when.patient} is confirmed.`,
    priority: 'high',
  });
  await notify(db, {
    userId: doctor.userId,
    type: 'appointment_booking',
    title: 'New Appointment Booked',
    message: `${patient.firstName} ${patient.lastName} booked a ${typeLabel(appointment.consultationType)} on ${when.doctor}.`,
    priority: 'high',
  });
}

export async function notifyCancellation(db: Db, appointment: AppointmentRow) {
  const { doctor, patient } = await people(db, appointment);
  await notify(db, {
    userId: doctor.userId,
    type: 'appointment_cancelled',
    title: 'Appointment Cancelled',
    message: `${patient.firstName} ${patient.lastName} cancelled the ${typeLabel(appointment.consultationType)} on ${appointmentWhen(appointment, patient.country).doctor}. The slot is free again.`,
    priority: 'medium',
  });
}

/** An administrator cancelled (a refund from the console): both sides hear it from Medora. */
export async function notifyCancelledByAdmin(db: Db, appointment: AppointmentRow, refunded: boolean) {
  const { doctor, patient } = await people(db, appointment);
  const when = appointmentWhen(appointment, patient.country);
  const kind = typeLabel(appointment.consultationType);
  await notify(db, {
    userId: appointment.patientId,
    type: 'appointment_cancelled',
    title: 'Appointment Cancelled',
    message: `Medora cancelled your ${kind} with Dr. ${doctor.lastName} on ${when.patient}.${
      refunded ? ' Your payment is refunded in full.' : ''
    }`,
    priority: 'high',
  });
  await notify(db, {
    userId: doctor.userId,
    type: 'appointment_cancelled',
    title: 'Appointment Cancelled',
    message: `Medora cancelled the ${kind} with ${patient.firstName} ${patient.lastName} on ${when.doctor}. The slot is free again.`,
    priority: 'medium',
  });
}
