import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppointmentFamilyMember } from '@common/schemas/family';
import type { Db } from '../db/client';
import { appointments, doctors, patientProfiles, users, visitNotes } from '../db/schema';
import { notFound } from '../core/errors';
import { appointmentFamilyMember } from './family-member';
import { recordRead } from './access-audit';
import { appointmentsBookedBy } from './appointment';
import { patientCountry } from './patient-record';
import type { Viewer } from './viewer';

/*
 * Visit notes and the after-visit summary (one visit_notes row per appointment). The private
 * notes: only the appointment's doctor. The summary: its doctor and administrators always, its
 * patient once it is shared. Everyone else: 404. Every read by someone other than the patient is
 * audited as `visit_documents`.
 */

export type VisitAction = 'read_notes' | 'write_notes' | 'read_summary';
type VisitParties = { patientId: string; doctorUserId: string; sharedAt: Date | null };

export function can(viewer: Pick<Viewer, 'id' | 'role'>, action: VisitAction, visit: VisitParties): boolean {
  const isDoctor = visit.doctorUserId === viewer.id;
  switch (action) {
    case 'read_notes':
    case 'write_notes':
      return isDoctor;
    case 'read_summary':
      return isDoctor || viewer.role === 'admin' || (visit.patientId === viewer.id && visit.sharedAt !== null);
  }
}

const doctorUser = alias(users, 'doctor_user');
const patientUser = alias(users, 'patient_user');

async function loadVisit(db: Db, appointmentId: string) {
  const [row] = await db
    .select({
      appointment: appointments,
      doctorUserId: doctors.userId,
      doctorId: doctors.id,
      specialty: doctors.specialty,
      doctorFirstName: doctorUser.firstName,
      doctorLastName: doctorUser.lastName,
      patientFirstName: patientUser.firstName,
      patientLastName: patientUser.lastName,
      patientCountry: patientCountry(appointments.patientId),
      patientAccountZone: patientUser.timeZone,
      patientLanguage: patientUser.language,
      doctorAccountZone: doctorUser.timeZone,
      practiceZone: doctors.timeZone,
      licenseNumber: doctors.licenseNumber,
      officeAddress: doctors.officeAddress,
      location: doctors.location,
      country: doctors.country,
      patientDateOfBirth: patientProfiles.dateOfBirth,
      notes: visitNotes,
      familyMember: appointmentFamilyMember(),
    })
    .from(appointments)
    .innerJoin(doctors, eq(doctors.id, appointments.doctorId))
    .innerJoin(doctorUser, eq(doctorUser.id, doctors.userId))
    .innerJoin(patientUser, eq(patientUser.id, appointments.patientId))
    .leftJoin(visitNotes, eq(visitNotes.appointmentId, appointments.id))
    .leftJoin(patientProfiles, eq(patientProfiles.userId, appointments.patientId))
    .where(eq(appointments.id, appointmentId))
    .limit(1);
  return row ?? null;
}
export type Visit = NonNullable<Awaited<ReturnType<typeof loadVisit>>>;

/**
 * The person the visit was for, as signed documents name them: the family member it was booked
 * for (their own name and date of birth), else the patient who booked it.
 */
export const personSeen = (visit: {
  familyMember: AppointmentFamilyMember | null;
  patientFirstName: string;
  patientLastName: string;
  patientDateOfBirth: string | null;
}): { name: string; dateOfBirth: string } =>
  visit.familyMember
    ? {
        name: `${visit.familyMember.firstName} ${visit.familyMember.lastName}`,
        dateOfBirth: visit.familyMember.dateOfBirth,
      }
    : { name: `${visit.patientFirstName} ${visit.patientLastName}`, dateOfBirth: visit.patientDateOfBirth ?? '' };

const partiesOf = (visit: Visit): VisitParties => ({
  patientId: visit.appointment.patientId,
  doctorUserId: visit.doctorUserId,
  sharedAt: visit.notes?.sharedAt ?? null,
});

/**
 * The visit for its doctor to write notes on (404 for anyone else). Not audited as a read: the
 * save it serves is audited as `visit_notes.update` / `visit_summary.share`.
 */
export async function visitForNotesWriter(db: Db, viewer: Viewer, appointmentId: string): Promise<Visit> {
  const visit = await loadVisit(db, appointmentId);
  if (!visit || !can(viewer, 'write_notes', partiesOf(visit))) throw notFound('Appointment');
  return visit;
}

/** The doctor's notes and summary of one visit, for its doctor only (404 else); audited. */
export async function readVisitNotes(db: Db, viewer: Viewer, appointmentId: string, now: Date): Promise<Visit> {
  const visit = await loadVisit(db, appointmentId);
  if (!visit || !can(viewer, 'read_notes', partiesOf(visit))) throw notFound('Appointment');
  await recordRead(
    db,
    viewer,
    { patientId: visit.appointment.patientId, kind: 'visit_documents', targetId: appointmentId },
    now,
  );
  if (visit.familyMember) {
    const member = {
      patientId: visit.appointment.patientId,
      kind: 'family_members',
      targetId: visit.familyMember.id,
    } as const;
    await recordRead(db, viewer, member, now);
  }
  return visit;
}

/** The after-visit summary (with its notes row), as `can(viewer, 'read_summary')` allows; audited. */
export async function readVisitSummary(
  db: Db,
  viewer: Viewer,
  appointmentId: string,
  now: Date,
): Promise<Visit & { notes: NonNullable<Visit['notes']> }> {
  const visit = await loadVisit(db, appointmentId);
  const notes = visit?.notes;
  if (!visit || !notes || !can(viewer, 'read_summary', partiesOf(visit))) throw notFound('Visit summary');
  await recordRead(
    db,
    viewer,
    { patientId: visit.appointment.patientId, kind: 'visit_documents', targetId: appointmentId },
    now,
  );
  return { ...visit, notes };
}

/** The viewer's own visits (as patient) with a shared summary, newest first: their own data, not audited. */
export async function sharedSummariesOf(db: Db, viewer: Viewer) {
  const rows = await db
    .select({
      appointmentId: visitNotes.appointmentId,
      sharedAt: visitNotes.sharedAt,
      followUpDays: visitNotes.followUpDays,
    })
    .from(visitNotes)
    .innerJoin(appointments, eq(appointments.id, visitNotes.appointmentId))
    .where(and(appointmentsBookedBy(viewer), isNotNull(visitNotes.sharedAt)))
    .orderBy(desc(visitNotes.sharedAt))
    .limit(500);
  return rows.map((r) => ({ ...r, sharedAt: r.sharedAt! }));
}

/** The summaries shared with the viewer as patient, for their data export (their own: not audited). */
export async function ownSharedSummaries(db: Db, viewer: Viewer) {
  return db
    .select({
      appointmentId: visitNotes.appointmentId,
      diagnosis: visitNotes.diagnosis,
      advice: visitNotes.advice,
      followUpDays: visitNotes.followUpDays,
      sharedAt: visitNotes.sharedAt,
    })
    .from(visitNotes)
    .innerJoin(appointments, eq(appointments.id, visitNotes.appointmentId))
    .where(and(appointmentsBookedBy(viewer), isNotNull(visitNotes.sharedAt)));
}
