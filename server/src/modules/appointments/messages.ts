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
const patientUser = alias(users, 'patient_user');

/** Both people of an appointment: their names, and the zone each reads it in (decision 047). */
export async function appointmentParties(
  db: Db,
  appointment: Pick<AppointmentRow, 'doctorId' | 'patientId' | 'timeZone'>,
) {
  // One statement for both: this runs in every payment's and every cancellation's transaction.
  const [row] = await db
    .select({
      doctor: {
        userId: doctors.userId,
        lastName: doctorUser.lastName,
        practice: doctors.timeZone,
        account: doctorUser.timeZone,
      },
      patient: {
        firstName: patientUser.firstName,
        lastName: patientUser.lastName,
        account: patientUser.timeZone,
        country: patientCountry(patientUser.id),
      },
    })
    .from(doctors)
    .innerJoin(doctorUser, eq(doctorUser.id, doctors.userId))
    .innerJoin(patientUser, eq(patientUser.id, appointment.patientId))
    .where(eq(doctors.id, appointment.doctorId));
  const { doctor, patient } = row;
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
