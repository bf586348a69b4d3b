import type { Db } from '../../db/client';
import type { appointments } from '../../db/schema';
import { notify } from '../notifications/service';
import { typeValue, whenValue } from '../notifications/texts';
import { appointmentParties } from './messages';

type AppointmentRow = typeof appointments.$inferSelect;

/** Names, and instants as data in each side's own clock, for the keyed text each reader sees in their language. */
async function parties(db: Db, a: AppointmentRow) {
  const { doctor, patient, zones } = await appointmentParties(db, a);
  return {
    doctor,
    patientName: `${patient.firstName} ${patient.lastName}`,
    patientAt: (instant: Date) => whenValue(instant, zones.patient, zones.doctor),
    doctorAt: (instant: Date) => whenValue(instant, zones.doctor, zones.patient),
  };
}

const type = (a: AppointmentRow) => typeValue(a.consultationType);

/** Both sides hear of the new time; `moved` is the row after the move. */
export async function notifyRescheduled(db: Db, moved: AppointmentRow, previous: Date) {
  const { doctor, patientName, patientAt, doctorAt } = await parties(db, moved);
  await notify(db, {
    userId: moved.patientId,
    type: 'appointment_rescheduled',
    priority: 'high',
    text: {
      titleKey: 'notify.rescheduled.title',
      messageKey: 'notify.rescheduled.patient',
      values: {
        type: type(moved),
        doctor: doctor.lastName,
        from: patientAt(previous),
        when: patientAt(moved.startsAt),
      },
    },
  });
  await notify(db, {
    userId: doctor.userId,
    type: 'appointment_rescheduled',
    priority: 'high',
    text: {
      titleKey: 'notify.rescheduled.title',
      messageKey: 'notify.rescheduled.doctor',
      values: { type: type(moved), patient: patientName, from: doctorAt(previous), when: doctorAt(moved.startsAt) },
    },
  });
}

export async function notifyProposal(db: Db, a: AppointmentRow, proposed: Date) {
  const { doctor, patientAt } = await parties(db, a);
  await notify(db, {
    userId: a.patientId,
    type: 'reschedule_proposed',
    text: {
      titleKey: 'notify.proposed.title',
      messageKey: 'notify.proposed.message',
      values: { type: type(a), doctor: doctor.lastName, when: patientAt(a.startsAt), to: patientAt(proposed) },
    },
    priority: 'high',
  });
}

export async function notifyProposalDeclined(db: Db, a: AppointmentRow, proposed: Date) {
  const { doctor, patientName, doctorAt } = await parties(db, a);
  await notify(db, {
    userId: doctor.userId,
    type: 'reschedule_declined',
    text: {
      titleKey: 'notify.declined.title',
      messageKey: 'notify.declined.message',
      values: { type: type(a), patient: patientName, to: doctorAt(proposed), when: doctorAt(a.startsAt) },
    },
    priority: 'medium',
  });
}

export async function notifyCancelledByDoctor(db: Db, a: AppointmentRow, reason: string, refunded: boolean) {
  const { doctor, patientAt } = await parties(db, a);
  await notify(db, {
    userId: a.patientId,
    type: 'appointment_cancelled',
    text: {
      titleKey: 'notify.cancelledByDoctor.title',
      messageKey: 'notify.cancelledByDoctor.message',
      values: {
        type: type(a),
        doctor: doctor.lastName,
        when: patientAt(a.startsAt),
        reason,
        refunded: refunded ? 'yes' : 'no',
      },
    },
    priority: 'high',
  });
}
