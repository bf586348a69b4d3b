import { eq } from 'drizzle-orm';
import { CONSULTATION_TYPE_LABELS } from '@common/constants/consultation-types';
import type { Db } from '../../db/client';
import { doctors, users, type appointments } from '../../db/schema';
import { notify } from '../notifications/service';
import { whenText } from './messages';

type AppointmentRow = typeof appointments.$inferSelect;

async function parties(db: Db, a: AppointmentRow) {
  const [doctor] = await db
    .select({ userId: doctors.userId, lastName: users.lastName })
    .from(doctors)
    .innerJoin(users, eq(users.id, doctors.userId))
    .where(eq(doctors.id, a.doctorId));
  const [patient] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, a.patientId));
  return { doctor, patientName: `${patient.firstName} ${patient.lastName}` };
}

const kind = (a: AppointmentRow) => CONSULTATION_TYPE_LABELS[a.consultationType].toLowerCase();

/** Both sides hear of the new time; `moved` is the row after the move. */
export async function notifyRescheduled(db: Db, moved: AppointmentRow, previous: Date) {
  const { doctor, patientName } = await parties(db, moved);
  const from = whenText(previous, moved.timeZone);
  const to = whenText(moved.startsAt, moved.timeZone);
  await notify(db, {
    userId: moved.patientId,
    type: 'appointment_rescheduled',
    title: 'Appointment Rescheduled',
    message: `Your ${kind(moved)} with Dr. ${doctor.lastName} moved from ${from} to ${to}.`,
    priority: 'high',
  });
  await notify(db, {
    userId: doctor.userId,
    type: 'appointment_rescheduled',
    title: 'Appointment Rescheduled',
    message: `The ${kind(moved)} with ${patientName} moved from ${from} to ${to}.`,
    priority: 'high',
  });
}

export async function notifyProposal(db: Db, a: AppointmentRow, proposed: Date) {
  const { doctor } = await parties(db, a);
  await notify(db, {
    userId: a.patientId,
    type: 'reschedule_proposed',
    title: 'New Time Proposed',
    message: `Dr. ${doctor.lastName} proposes to move your ${kind(a)} on ${whenText(a.startsAt, a.timeZone)} to ${whenText(proposed, a.timeZone)}. Accept or decline it on My Appointments.`,
    priority: 'high',
  });
}

export async function notifyProposalDeclined(db: Db, a: AppointmentRow, proposed: Date) {
  const { doctor, patientName } = await parties(db, a);
  await notify(db, {
    userId: doctor.userId,
    type: 'reschedule_declined',
    title: 'Proposed Time Declined',
    message: `${patientName} declined moving the ${kind(a)} to ${whenText(proposed, a.timeZone)}. It stays on ${whenText(a.startsAt, a.timeZone)}.`,
    priority: 'medium',
  });
}

export async function notifyCancelledByDoctor(db: Db, a: AppointmentRow, reason: string, refunded: boolean) {
  const { doctor } = await parties(db, a);
  await notify(db, {
    userId: a.patientId,
    type: 'appointment_cancelled',
    title: 'Appointment Cancelled by Your Doctor',
    message: `Dr. ${doctor.lastName} cancelled your ${kind(a)} on ${whenText(a.startsAt, a.timeZone)}. Reason: ${reason}${
      refunded ? ' Your payment is refunded in full.' : ''
    }`,
    priority: 'high',
  });
}
