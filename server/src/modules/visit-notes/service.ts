import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { partyZonesOf } from '@common/rules/account-zone';
import { wallClock } from '@common/rules/zoned-time';
import type { SessionUser } from '../../core/session-user';
import type { SharedVisitSummaryList, VisitNotes, VisitSummary } from '@common/schemas/visit-notes';
import type { z } from 'zod';
import type { visitNotesBodySchema } from '@common/schemas/visit-notes';
import { localizedError, notFound } from '../../core/errors';
import type { Db } from '../../db/client';
import { appointments, doctors, patientProfiles, users, visitNotes } from '../../db/schema';
import { recordAudit, recordPatientRecordRead, type AuditActor } from '../audit/record';
import { onVisitSummaryShared } from '../mail/events';
import { notify } from '../notifications/service';

type SaveInput = z.output<typeof visitNotesBodySchema>;

const doctorUser = alias(users, 'doctor_user');
const patientUser = alias(users, 'patient_user');

/** Appointment states in which notes may be written, on the day of the visit or after it. */
const WRITABLE_LIVE = new Set(['confirmed', 'scheduled']);

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
      patientCountry: patientProfiles.country,
      patientAccountZone: patientUser.timeZone,
      patientLanguage: patientUser.language,
      doctorAccountZone: doctorUser.timeZone,
      practiceZone: doctors.timeZone,
      notes: visitNotes,
    })
    .from(appointments)
    .innerJoin(doctors, eq(doctors.id, appointments.doctorId))
    .innerJoin(doctorUser, eq(doctorUser.id, doctors.userId))
    .innerJoin(patientUser, eq(patientUser.id, appointments.patientId))
    .leftJoin(patientProfiles, eq(patientProfiles.userId, appointments.patientId))
    .leftJoin(visitNotes, eq(visitNotes.appointmentId, appointments.id))
    .where(eq(appointments.id, appointmentId))
    .limit(1);
  return row ?? null;
}
type Visit = NonNullable<Awaited<ReturnType<typeof loadVisit>>>;

/** The doctor may write on the day of a live visit (in the visit's zone) and at any time after it was completed. */
export function isWritable(a: Visit['appointment'], now: Date): boolean {
  if (a.status === 'completed') return true;
  if (!WRITABLE_LIVE.has(a.status)) return false;
  return wallClock(a.startsAt, a.timeZone).date <= wallClock(now, a.timeZone).date;
}

/** The zones the patient and the doctor read this visit in: the rule of every e-mail (decision 047). */
export function visitZonesOf(
  visit: Pick<Visit, 'patientCountry' | 'patientAccountZone' | 'doctorAccountZone' | 'practiceZone' | 'appointment'>,
) {
  return partyZonesOf({
    patientAccount: visit.patientAccountZone,
    patientCountry: visit.patientCountry,
    doctorAccount: visit.doctorAccountZone,
    practice: visit.practiceZone,
    booked: visit.appointment.timeZone,
  });
}

/** Only the appointment's own doctor; anyone else learns nothing (404). */
async function visitOfDoctor(db: Db, userId: string, appointmentId: string): Promise<Visit> {
  const visit = await loadVisit(db, appointmentId);
  if (!visit || visit.doctorUserId !== userId) throw notFound('Appointment');
  return visit;
}

function presentNotes(visit: Visit, now: Date): VisitNotes {
  const a = visit.appointment;
  const n = visit.notes;
  return {
    privateNotes: n?.privateNotes ?? '',
    diagnosis: n?.diagnosis ?? '',
    advice: n?.advice ?? '',
    followUpDays: n?.followUpDays ?? null,
    sharedAt: n?.sharedAt?.toISOString() ?? null,
    updatedAt: n?.updatedAt.toISOString() ?? null,
    appointment: {
      id: a.id,
      status: a.status,
      consultationType: a.consultationType,
      startsAt: a.startsAt.toISOString(),
      timeZone: a.timeZone,
      reasonForVisit: a.reasonForVisit,
      patient: { firstName: visit.patientFirstName, lastName: visit.patientLastName },
      writable: isWritable(a, now),
    },
  };
}

export async function readVisitNotes(db: Db, userId: string, appointmentId: string, now: Date): Promise<VisitNotes> {
  return presentNotes(await visitOfDoctor(db, userId, appointmentId), now);
}

/**
 * Saves the doctor's notes and summary in one upsert. Sharing is one-way: `shared_at` keeps its
 * first value, so a later save without `share` cannot hide what the patient already has.
 */
export async function saveVisitNotes(
  db: Db,
  actor: AuditActor,
  userId: string,
  appointmentId: string,
  input: SaveInput,
  now: Date,
): Promise<VisitNotes> {
  const visit = await visitOfDoctor(db, userId, appointmentId);
  if (!isWritable(visit.appointment, now)) {
    throw localizedError('conflict', 'errors.visitNotesWrittenDay');
  }
  const sharing = input.share || visit.notes?.sharedAt != null;
  if (sharing && !input.diagnosis && !input.advice) {
    throw localizedError('bad_request', 'errors.writeDiagnosisAdviceSharing', undefined, {
      diagnosis: { key: 'errors.field.diagnosisBeforeSharing' },
    });
  }
  const values = {
    privateNotes: input.privateNotes,
    diagnosis: input.diagnosis,
    advice: input.advice,
    followUpDays: input.followUpDays,
    updatedAt: now,
  };
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(visitNotes)
      .values({ appointmentId, ...values, sharedAt: input.share ? now : null, createdAt: now })
      .onConflictDoUpdate({
        target: visitNotes.appointmentId,
        set: { ...values, sharedAt: sql`coalesce(${visitNotes.sharedAt}, excluded.shared_at)` },
      })
      .returning({ sharedAt: visitNotes.sharedAt });
    const firstShare = !visit.notes?.sharedAt && row.sharedAt !== null;
    // The trail says what happened, never what was written.
    await recordAudit(
      tx,
      actor,
      {
        action: firstShare ? 'visit_summary.share' : 'visit_notes.update',
        target: { type: 'appointment', id: appointmentId },
        subjectUserId: visit.appointment.patientId,
        after: { shared: row.sharedAt !== null },
      },
      now,
    );
    // Told once, at the first share, in the same transaction: no bell or mail for a share that rolled back.
    if (firstShare) {
      await notify(tx, {
        userId: visit.appointment.patientId,
        type: 'visit_summary_shared',
        title: 'Visit Summary Ready',
        message: `Dr. ${visit.doctorLastName} shared a summary of your visit. Open it on My Appointments.`,
        priority: 'medium',
        text: {
          titleKey: 'notify.summary.title',
          messageKey: 'notify.summary.message',
          values: { doctor: visit.doctorLastName },
        },
      });
      await onVisitSummaryShared(tx, appointmentId, now);
    }
  });
  return readVisitNotes(db, userId, appointmentId, now);
}

/**
 * The summary, for the patient once it is shared, and for the appointment's doctor and
 * administrators whether shared or not; 404 for everyone else. A read by someone other than the
 * patient is recorded.
 */
export async function readVisitSummary(
  db: Db,
  actor: AuditActor,
  user: Pick<SessionUser, 'id' | 'userType'>,
  appointmentId: string,
  now: Date,
): Promise<{ summary: VisitSummary; patientZone: string; doctorZone: string; patientLanguage: string | null }> {
  const visit = await loadVisit(db, appointmentId);
  const n = visit?.notes;
  if (!visit || !n) throw notFound('Visit summary');
  const isPatient = visit.appointment.patientId === user.id;
  const isDoctor = visit.doctorUserId === user.id;
  const isAdmin = user.userType === 'admin';
  if (!(isDoctor || isAdmin || (isPatient && n.sharedAt))) throw notFound('Visit summary');
  await recordPatientRecordRead(
    db,
    actor,
    { patientId: visit.appointment.patientId, kind: 'visit_documents', targetId: appointmentId },
    now,
  );
  return {
    summary: {
      appointmentId,
      startsAt: visit.appointment.startsAt.toISOString(),
      timeZone: visit.appointment.timeZone,
      diagnosis: n.diagnosis,
      advice: n.advice,
      followUpDays: n.followUpDays,
      sharedAt: n.sharedAt?.toISOString() ?? null,
      updatedAt: n.updatedAt.toISOString(),
      doctor: {
        id: visit.doctorId,
        firstName: visit.doctorFirstName,
        lastName: visit.doctorLastName,
        specialty: visit.specialty,
      },
    },
    patientZone: visitZonesOf(visit).patient,
    doctorZone: visitZonesOf(visit).doctor,
    patientLanguage: visit.patientLanguage,
  };
}

/** The caller's own appointments (as patient) whose summary has been shared, newest first. */
export async function listSharedSummaries(db: Db, patientId: string): Promise<SharedVisitSummaryList> {
  const rows = await db
    .select({
      appointmentId: visitNotes.appointmentId,
      sharedAt: visitNotes.sharedAt,
      followUpDays: visitNotes.followUpDays,
    })
    .from(visitNotes)
    .innerJoin(appointments, eq(appointments.id, visitNotes.appointmentId))
    .where(and(eq(appointments.patientId, patientId), isNotNull(visitNotes.sharedAt)))
    .orderBy(desc(visitNotes.sharedAt))
    .limit(500);
  return rows.map((r) => ({ ...r, sharedAt: r.sharedAt!.toISOString() }));
}
