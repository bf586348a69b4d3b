import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { appointments, careDocuments, consultations, doctors, patientProfiles, users } from '../db/schema';
import { notFound } from '../core/errors';
import { recordRead } from './access-audit';
import { appointmentFamilyMember } from './family-member';
import type { Viewer } from './viewer';

/*
 * Prescriptions, sick notes and referral letters (decision 082). Issued and revoked by the visit's
 * doctor only; read by that doctor, the patient and administrators; 404 for everyone else. Every
 * read by someone other than the patient is audited as `visit_documents`, like the visit's summary.
 */

export type CareDocumentAction = 'issue' | 'revoke' | 'read';
type Parties = { patientId: string; doctorUserId: string };

export function can(viewer: Pick<Viewer, 'id' | 'role'>, action: CareDocumentAction, parties: Parties): boolean {
  const isDoctor = parties.doctorUserId === viewer.id;
  switch (action) {
    case 'issue':
    case 'revoke':
      return isDoctor;
    case 'read':
      return isDoctor || parties.patientId === viewer.id || viewer.role === 'admin';
  }
}

const doctorUser = alias(users, 'doctor_user');
const patientUser = alias(users, 'patient_user');

/** Everything a document names: the visit, its doctor (with licence and practice) and its patient. */
async function loadVisit(db: Db, appointmentId: string) {
  const [row] = await db
    .select({
      appointment: appointments,
      consultationStartedAt: consultations.startedAt,
      doctorId: doctors.id,
      doctorUserId: doctors.userId,
      doctorFirstName: doctorUser.firstName,
      doctorLastName: doctorUser.lastName,
      specialty: doctors.specialty,
      licenseNumber: doctors.licenseNumber,
      officeAddress: doctors.officeAddress,
      location: doctors.location,
      country: doctors.country,
      patientFirstName: patientUser.firstName,
      patientLastName: patientUser.lastName,
      patientLanguage: patientUser.language,
      patientEmail: patientUser.email,
      patientDateOfBirth: patientProfiles.dateOfBirth,
      familyMember: appointmentFamilyMember(),
    })
    .from(appointments)
    .innerJoin(doctors, eq(doctors.id, appointments.doctorId))
    .innerJoin(doctorUser, eq(doctorUser.id, doctors.userId))
    .innerJoin(patientUser, eq(patientUser.id, appointments.patientId))
    .leftJoin(patientProfiles, eq(patientProfiles.userId, appointments.patientId))
    .leftJoin(consultations, eq(consultations.appointmentId, appointments.id))
    .where(eq(appointments.id, appointmentId))
    .limit(1);
  return row ?? null;
}
export type CareVisit = NonNullable<Awaited<ReturnType<typeof loadVisit>>>;

const partiesOf = (visit: CareVisit): Parties => ({
  patientId: visit.appointment.patientId,
  doctorUserId: visit.doctorUserId,
});

/** The visit, for its doctor to issue a document on (404 for anyone else); the issue itself is audited. */
export async function visitForIssuer(db: Db, viewer: Viewer, appointmentId: string): Promise<CareVisit> {
  const visit = await loadVisit(db, appointmentId);
  if (!visit || !can(viewer, 'issue', partiesOf(visit))) throw notFound('Appointment');
  return visit;
}

/** The documents of one visit, for its doctor, its patient and administrators (404 else); audited. */
export async function readCareDocuments(db: Db, viewer: Viewer, appointmentId: string, now: Date) {
  const visit = await loadVisit(db, appointmentId);
  if (!visit || !can(viewer, 'read', partiesOf(visit))) throw notFound('Appointment');
  const rows = await db
    .select()
    .from(careDocuments)
    .where(and(eq(careDocuments.appointmentId, appointmentId), ne(careDocuments.kind, 'visit_summary')))
    .orderBy(desc(careDocuments.issuedAt), desc(careDocuments.id));
  await recordRead(
    db,
    viewer,
    { patientId: visit.appointment.patientId, kind: 'visit_documents', targetId: appointmentId },
    now,
  );
  return rows;
}

async function loadDocument(db: Db, id: string) {
  const [row] = await db
    .select({ document: careDocuments, doctorUserId: doctors.userId })
    .from(careDocuments)
    .innerJoin(doctors, eq(doctors.id, careDocuments.doctorId))
    // An after-visit summary's row is read through the summary (policies/visit.ts) and is never
    // revoked on its own: it is superseded when its doctor changes the shared text.
    .where(and(eq(careDocuments.id, id), ne(careDocuments.kind, 'visit_summary')))
    .limit(1);
  return row ?? null;
}

/** One document (for its PDF), as `can(viewer, 'read')` allows; audited. */
export async function readCareDocument(db: Db, viewer: Viewer, id: string, now: Date) {
  const row = await loadDocument(db, id);
  if (!row || !can(viewer, 'read', { patientId: row.document.patientId, doctorUserId: row.doctorUserId })) {
    throw notFound('Document');
  }
  await recordRead(
    db,
    viewer,
    { patientId: row.document.patientId, kind: 'visit_documents', targetId: row.document.appointmentId },
    now,
  );
  return row.document;
}

/** One document for its issuing doctor to revoke (404 for anyone else). */
export async function careDocumentForRevoker(db: Db, viewer: Viewer, id: string) {
  const row = await loadDocument(db, id);
  if (!row || !can(viewer, 'revoke', { patientId: row.document.patientId, doctorUserId: row.doctorUserId })) {
    throw notFound('Document');
  }
  return row.document;
}

/** A document by its verification code, for anyone holding it: the caller shows only what may be public. */
export async function documentByCode(db: Db, code: string) {
  const [row] = await db
    .select({ document: careDocuments })
    .from(careDocuments)
    .where(eq(careDocuments.code, code))
    .limit(1);
  return row?.document ?? null;
}

/**
 * What the patient's revocation e-mail says: kind, date, reason and who to write to. Not audited:
 * it goes to the patient, the one person it is about; the signed content is not read at all.
 */
export async function revocationNoticeOf(db: Db, documentId: string) {
  const [row] = await db
    .select({
      patientId: careDocuments.patientId,
      appointmentId: careDocuments.appointmentId,
      kind: careDocuments.kind,
      issuedAt: careDocuments.issuedAt,
      reason: careDocuments.revokeReason,
      email: users.email,
      firstName: users.firstName,
      language: users.language,
      zone: users.timeZone,
      deletedAt: users.deletedAt,
      doctorUserId: doctors.userId,
    })
    .from(careDocuments)
    .innerJoin(users, eq(users.id, careDocuments.patientId))
    .innerJoin(doctors, eq(doctors.id, careDocuments.doctorId))
    .where(eq(careDocuments.id, documentId));
  return row ?? null;
}

/**
 * The viewer's own prescriptions, sick notes and referral letters — those of visits they booked for
 * a family member too, since those are issued to the account — for their data export. Their own:
 * not audited. Oldest first (a superseded version before the one that replaced it), with the family member the visit was for.
 */
export async function ownCareDocuments(db: Db, viewer: Viewer) {
  return (
    db
      .select({ document: careDocuments, familyMemberId: appointments.familyMemberId })
      .from(careDocuments)
      .innerJoin(appointments, eq(appointments.id, careDocuments.appointmentId))
      .where(eq(careDocuments.patientId, viewer.id))
      // Versions of one summary signed at the same instant: the superseded one first, the standing one last.
      .orderBy(asc(careDocuments.issuedAt), sql`${careDocuments.supersededAt} is null`, asc(careDocuments.id))
  );
}

/**
 * The current signed row of a visit's after-visit summary (decision 093). Asks no viewer: callers
 * hold the visit already, through `visitForNotesWriter` (the doctor saving) or `readVisitSummary`
 * (a reader the summary's own rule let in, audited there).
 */
export async function currentSummaryRow(db: Pick<Db, 'select'>, appointmentId: string) {
  const [row] = await db
    .select()
    .from(careDocuments)
    .where(
      and(
        eq(careDocuments.appointmentId, appointmentId),
        eq(careDocuments.kind, 'visit_summary'),
        isNull(careDocuments.supersededAt),
      ),
    )
    .limit(1);
  return row ?? null;
}
