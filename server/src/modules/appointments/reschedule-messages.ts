import { CONSULTATION_TYPE_LABELS } from '@common/constants/consultation-types';
import { whenText } from '@common/rules/display-time';
import type { Db } from '../../db/client';
import type { appointments } from '../../db/schema';
import { notify } from '../notifications/service';
import { appointmentParties } from './messages';

type AppointmentRow = typeof appointments.$inferSelect;

/** Names and zones; `patientWhen`/`doctorWhen` state an instant in each side's own clock. */
async function parties(db: Db, a: AppointmentRow) {
  const { doctor, patient, zones } = await appointmentParties(db, a);
  return {
    doctor,
    patientName: `${patient.firstName} ${patient.lastName}`,
    patientWhen: (instant: Date) => whenText(instant, zones.patient, zones.doctor),
    doctorWhen: (instant: Date) => whenText(instant, zones.doctor, zones.patient),
  };
}

const kind = (a: AppointmentRow) => CONSULTATION_TYPE_LABELS[a.consultationType].toLowerCase();

/** Both sides hear of the new time; `moved` is the row after the move. */
export async function notifyRescheduled(db: Db, moved: AppointmentRow, previous: Date) {
  const { doctor, patientName, patientWhen, doctorWhen } = await parties(db, moved);
  await notify(db, {
    userId: moved.patientId,
    type: 'appointment_rescheduled',
    title: 'Appointment Rescheduled',
    message: `Your ${kind(moved)} with Dr. ${doctor.lastName} moved from ${patientWhen(previous)} to ${patientWhen(moved.startsAt)}.`,
    priority: 'high',
  });
  await notify(db, {
    userId: doctor.userId,
    type: 'appointment_rescheduled',
    title: 'Appointment Rescheduled',
    message: `The ${kind(moved)} with ${patientName} moved from ${doctorWhen(previous)} to ${doctorWhen(moved.startsAt)}.`,
    priority: 'high',
  });
}

export async function notifyProposal(db: Db, a: AppointmentRow, proposed: Date) {
  const { doctor, patientWhen } = await parties(db, a);
  await notify(db, {
    userId: a.patientId,
    type: 'reschedule_proposed',
    title: 'New Time Proposed',
    message: `Dr. ${doctor.lastName} proposes to move your ${kind(a)} on ${patientWhen(a.startsAt)} to ${patientWhen(proposed)}. Accept or decline it on My Appointments.`,
    priority: 'high',
  });
}

export async function notifyProposalDeclined(db: Db, a: AppointmentRow, proposed: Date) {
  const { doctor, patientName, doctorWhen } = await parties(db, a);
  await notify(db, {
    userId: doctor.userId,
    type: 'reschedule_declined',
    title: 'Proposed Time Declined',
    message: `${patientName} declined moving the ${kind(a)} to ${doctorWhen(proposed)}. It stays on ${doctorWhen(a.startsAt)}.`,
    priority: 'medium',
  });
}

export async function notifyCancelledByDoctor(db: Db, a: AppointmentRow, reason: string, refunded: boolean) {
  const { doctor, patientWhen } = await parties(db, a);
  await notify(db, {
    userId: a.patientId,
    type: 'appointment_cancelled',
    title: 'Appointment Cancelled by Your Doctor',
    message: `Dr. ${doctor.lastName} cancelled your ${kind(a)} on ${patientWhen(a.startsAt)}. Reason: ${reason}${
      refunded ? ' Your payment is refunded in full.' : ''
    }`,
    priority: 'high',
  });
}
