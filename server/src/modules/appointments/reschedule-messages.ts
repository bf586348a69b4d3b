import { CONSULTATION_TYPE_LABELS } from '@common/constants/consultation-types';
import { whenFor } from '../../core/localized-when';
import type { Db } from '../../db/client';
import type { appointments } from '../../db/schema';
import { notify } from '../notifications/service';
import { typeValue, whenValue } from '../notifications/texts';
import { appointmentParties } from './messages';

// These texts are still written in English here; other languages are made elsewhere (decision 099).
const whenText = whenFor('en').when;

type AppointmentRow = typeof appointments.$inferSelect;

/** Names and zones; `patientWhen`/`doctorWhen` state an instant in each side's own clock. */
async function parties(db: Db, a: AppointmentRow) {
  const { doctor, patient, zones } = await appointmentParties(db, a);
  return {
    doctor,
    patientName: `${patient.firstName} ${patient.lastName}`,
    patientWhen: (instant: Date) => whenText(instant, zones.patient, zones.doctor),
    /** The same instants as data, for the keyed text each reader sees in their language. */
    patientAt: (instant: Date) => whenValue(instant, zones.patient, zones.doctor),
    doctorAt: (instant: Date) => whenValue(instant, zones.doctor, zones.patient),
    doctorWhen: (instant: Date) => whenText(instant, zones.doctor, zones.patient),
  };
}

const kind = (a: AppointmentRow) => CONSULTATION_TYPE_LABELS[a.consultationType].toLowerCase();
const type = (a: AppointmentRow) => typeValue(a.consultationType);

/** Both sides hear of the new time; `moved` is the row after the move. */
export async function notifyRescheduled(db: Db, moved: AppointmentRow, previous: Date) {
  const { doctor, patientName, patientWhen, doctorWhen, patientAt, doctorAt } = await parties(db, moved);
  await notify(db, {
    userId: moved.patientId,
    type: 'appointment_rescheduled',
    title: 'Appointment Rescheduled',
    message: `Your ${kind(moved)} with Dr. ${doctor.lastName} moved from ${patientWhen(previous)} to ${patientWhen(moved.startsAt)}.`,
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
    title: 'Appointment Rescheduled',
    message: `The ${kind(moved)} with ${patientName} moved from ${doctorWhen(previous)} to ${doctorWhen(moved.startsAt)}.`,
    priority: 'high',
    text: {
      titleKey: 'notify.rescheduled.title',
      messageKey: 'notify.rescheduled.doctor',
      values: { type: type(moved), patient: patientName, from: doctorAt(previous), when: doctorAt(moved.startsAt) },
    },
  });
}

export async function notifyProposal(db: Db, a: AppointmentRow, proposed: Date) {
  const { doctor, patientWhen, patientAt } = await parties(db, a);
  await notify(db, {
    userId: a.patientId,
    type: 'reschedule_proposed',
    text: {
      titleKey: 'notify.proposed.title',
      messageKey: 'notify.proposed.message',
      values: { type: type(a), doctor: doctor.lastName, when: patientAt(a.startsAt), to: patientAt(proposed) },
    },
    title: 'New Time Proposed',
    message: `Dr. ${doctor.lastName} proposes to move your ${kind(a)} on ${patientWhen(a.startsAt)} to ${patientWhen(proposed)}. Accept or decline it on My Appointments.`,
    priority: 'high',
  });
}

export async function notifyProposalDeclined(db: Db, a: AppointmentRow, proposed: Date) {
  const { doctor, patientName, doctorWhen, doctorAt } = await parties(db, a);
  await notify(db, {
    userId: doctor.userId,
    type: 'reschedule_declined',
    text: {
      titleKey: 'notify.declined.title',
      messageKey: 'notify.declined.message',
      values: { type: type(a), patient: patientName, to: doctorAt(proposed), when: doctorAt(a.startsAt) },
    },
    title: 'Proposed Time Declined',
    message: `${patientName} declined moving the ${kind(a)} to ${doctorWhen(proposed)}. It stays on ${doctorWhen(a.startsAt)}.`,
    priority: 'medium',
  });
}

export async function notifyCancelledByDoctor(db: Db, a: AppointmentRow, reason: string, refunded: boolean) {
  const { doctor, patientWhen, patientAt } = await parties(db, a);
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
    title: 'Appointment Cancelled by Your Doctor',
    message: `Dr. ${doctor.lastName} cancelled your ${kind(a)} on ${patientWhen(a.startsAt)}. Reason: ${reason}${
      refunded ? ' Your payment is refunded in full.' : ''
    }`,
    priority: 'high',
  });
}
