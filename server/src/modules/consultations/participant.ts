import { and, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { REMOTE_CONSULTATION_TYPES } from '@common/constants/consultation-types';
import type { AppointmentStatus } from '@common/constants/statuses';
import { ROOM_STATUSES } from '@common/rules/join-window';
import type { Peer } from '@common/schemas/realtime';
import type { Db } from '../../db/client';
import { appointments, consultations, doctors, users } from '../../db/schema';
import { appointmentPaymentStatus, isPaid } from '../appointments/payment-status';
import { consultationsVisibleTo, roomSideOf } from '../../policies/consultation';
import { appointmentFamilyMember } from '../../policies/family-member';

const doctorUser = alias(users, 'doctor_user');
const patientUser = alias(users, 'patient_user');

/** Appointment states in which a consultation room may exist (the join rule's, common/rules/join-window.ts). */
export const ROOM_APPOINTMENT_STATUSES = ROOM_STATUSES satisfies readonly AppointmentStatus[];

/**
 * Creates the consultation row for a confirmed, paid video or voice appointment if it has none.
 * One statement with ON CONFLICT, so two first visitors cannot both create it.
 */
export async function ensureConsultation(db: Db, appointmentId: string): Promise<void> {
  await db.execute(sql`
    insert into ${consultations} (appointment_id)
    select a.id from ${appointments} a
    where a.id = ${appointmentId}
      and a.status in ${[...ROOM_APPOINTMENT_STATUSES]}
      and a.consultation_type in ${[...REMOTE_CONSULTATION_TYPES]}
      and ${isPaid(sql`a.id`)}
    on conflict (appointment_id) do nothing`);
}

/** The consultation with everything the room shows, only when `userId` is one of its two participants. */
export async function loadForParticipant(db: Db, appointmentId: string, userId: string) {
  const rows = await db
    .select({
      appointment: appointments,
      consultation: consultations,
      doctor: { id: doctors.id, userId: doctors.userId, specialty: doctors.specialty },
      doctorUser: {
        firstName: doctorUser.firstName,
        lastName: doctorUser.lastName,
        profileImageUrl: doctorUser.profileImageUrl,
      },
      patient: {
        id: patientUser.id,
        firstName: patientUser.firstName,
        lastName: patientUser.lastName,
        profileImageUrl: patientUser.profileImageUrl,
      },
      paymentStatus: appointmentPaymentStatus(appointments.id),
      familyMember: appointmentFamilyMember(),
    })
    .from(appointments)
    .innerJoin(doctors, eq(doctors.id, appointments.doctorId))
    .innerJoin(doctorUser, eq(doctorUser.id, doctors.userId))
    .innerJoin(patientUser, eq(patientUser.id, appointments.patientId))
    .innerJoin(consultations, eq(consultations.appointmentId, appointments.id))
    .where(and(eq(appointments.id, appointmentId), consultationsVisibleTo({ id: userId })))
    .limit(1);
  return rows[0] ?? null;
}
export type ParticipantView = NonNullable<Awaited<ReturnType<typeof loadForParticipant>>>;

/** Loads (creating lazily) the room for a participant; null for anyone else or no room. */
export async function openForParticipant(db: Db, appointmentId: string, userId: string) {
  const found = await loadForParticipant(db, appointmentId, userId);
  if (found) return found;
  // Only a participant's own appointment is ever created: the insert checks nothing about the
  // user, so look it up through the participant filter again afterwards.
  const mine = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.id, appointmentId),
        inArray(appointments.status, [...ROOM_APPOINTMENT_STATUSES]),
        consultationsVisibleTo({ id: userId }),
      ),
    )
    .limit(1);
  if (mine.length === 0) return null;
  await ensureConsultation(db, appointmentId);
  return loadForParticipant(db, appointmentId, userId);
}

export function peerOf(view: ParticipantView, userId: string): Peer {
  if (roomSideOf({ id: userId }, view) === 'doctor') {
    return { userId, role: 'doctor', name: `Dr. ${view.doctorUser.firstName} ${view.doctorUser.lastName}` };
  }
  return { userId, role: 'patient', name: `${view.patient.firstName} ${view.patient.lastName}` };
}
