import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { partyZonesOf } from '@common/rules/account-zone';
import type { Db } from '../../db/client';
import { doctors, users, type appointments } from '../../db/schema';
import { patientCountry } from '../../policies/patient-record';
import { notify } from '../notifications/service';
import { typeValue, whenValue } from '../notifications/texts';

type AppointmentRow = typeof appointments.$inferSelect;

const typed = (a: AppointmentRow) => ({ type: typeValue(a.consultationType) });
const doctorWhen = (a: AppointmentRow, zones: { patient: string; doctor: string }) =>
  whenValue(a.startsAt, zones.doctor, zones.patient);

const doctorUser = alias(users, 'doctor_user');

/** Both people of an appointment: their names, and the zone each reads it in (decision 047). */
export async function appointmentParties(
  db: Db,
  appointment: Pick<AppointmentRow, 'doctorId' | 'patientId' | 'timeZone'>,
) {
  // One query after the other: this runs inside the command's transaction, on one connection.
  const [doctor] = await db
    .select({
      userId: doctors.userId,
      lastName: doctorUser.lastName,
      practice: doctors.timeZone,
      account: doctorUser.timeZone,
    })
    .from(doctors)
    .innerJoin(doctorUser, eq(doctorUser.id, doctors.userId))
    .where(eq(doctors.id, appointment.doctorId));
  const [patient] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      account: users.timeZone,
      country: patientCountry(users.id),
    })
    .from(users)
    .where(eq(users.id, appointment.patientId));
  const zones = partyZonesOf({
    patientAccount: patient.account,
    patientCountry: patient.country,
    doctorAccount: doctor.account,
    practice: doctor.practice,
    booked: appointment.timeZone,
  });
  return { doctor, patient, zones };
}

/** The patient gets appointment_confirmation, the doctor appointment_booking (the bell's icons). */
export async function notifyConfirmed(db: Db, appointment: AppointmentRow) {
  const { doctor, patient, zones } = await appointmentParties(db, appointment);
  // Both sides in one statement: this runs in every payment's transaction.
  await notify(
    db,
    {
      userId: appointment.patientId,
      type: 'appointment_confirmation',
      priority: 'high',
      text: {
        titleKey: 'notify.confirmed.title',
        messageKey: 'notify.confirmed.message',
        values: {
          ...typed(appointment),
          doctor: doctor.lastName,
          when: whenValue(appointment.startsAt, zones.patient, zones.doctor),
        },
      },
    },
    {
      userId: doctor.userId,
      type: 'appointment_booking',
      priority: 'high',
      text: {
        titleKey: 'notify.booked.title',
        messageKey: 'notify.booked.message',
        values: {
          ...typed(appointment),
          patient: `${patient.firstName} ${patient.lastName}`,
          when: doctorWhen(appointment, zones),
        },
      },
    },
  );
}

export async function notifyCancellation(db: Db, appointment: AppointmentRow) {
  const { doctor, patient, zones } = await appointmentParties(db, appointment);
  await notify(db, {
    userId: doctor.userId,
    type: 'appointment_cancelled',
    priority: 'medium',
    text: {
      titleKey: 'notify.cancelled.title',
      messageKey: 'notify.cancelled.byPatient',
      values: {
        ...typed(appointment),
        patient: `${patient.firstName} ${patient.lastName}`,
        when: doctorWhen(appointment, zones),
      },
    },
  });
}

/** An administrator cancelled (a refund from the console): both sides hear it from Medora. */
export async function notifyCancelledByAdmin(db: Db, appointment: AppointmentRow, refunded: boolean) {
  const { doctor, patient, zones } = await appointmentParties(db, appointment);
  await notify(db, {
    userId: appointment.patientId,
    type: 'appointment_cancelled',
    priority: 'high',
    text: {
      titleKey: 'notify.cancelled.title',
      messageKey: 'notify.cancelled.byAdminPatient',
      values: {
        ...typed(appointment),
        doctor: doctor.lastName,
        when: whenValue(appointment.startsAt, zones.patient, zones.doctor),
        refunded: refunded ? 'yes' : 'no',
      },
    },
  });
  await notify(db, {
    userId: doctor.userId,
    type: 'appointment_cancelled',
    priority: 'medium',
    text: {
      titleKey: 'notify.cancelled.title',
      messageKey: 'notify.cancelled.byAdminDoctor',
      values: {
        ...typed(appointment),
        patient: `${patient.firstName} ${patient.lastName}`,
        when: doctorWhen(appointment, zones),
      },
    },
  });
}
