import { sql } from 'drizzle-orm';
import { partyZonesOf } from '@common/rules/account-zone';
import { wallClock } from '@common/rules/zoned-time';
import type { SharedVisitSummaryList, VisitNotes, VisitSummary } from '@common/schemas/visit-notes';
import type { z } from 'zod';
import type { visitNotesBodySchema } from '@common/schemas/visit-notes';
import { localizedError } from '../../core/errors';
import type { Db } from '../../db/client';
import { visitNotes } from '../../db/schema';
import { actorOf, type Viewer } from '../../policies/viewer';
import {
  readVisitNotes as readVisitNotesPolicy,
  readVisitSummary as readVisitSummaryPolicy,
  personSeen,
  sharedSummariesOf,
  visitForNotesWriter,
  type Visit,
} from '../../policies/visit';
import { languageOf } from '@common/i18n/negotiate';
import { recordAudit } from '../audit/record';
import type { KeyRing } from '../care-documents/signing';
import { currentSummaryDocument, signSharedSummary, type SummaryParties } from '../care-documents/summary';
import { onVisitSummaryShared } from '../mail/events';
import { notify } from '../notifications/service';
import { DEFAULT_LANGUAGE } from '@common/i18n/languages';

type SaveInput = z.output<typeof visitNotesBodySchema>;

/** Appointment states in which notes may be written, on the day of the visit or after it. */
const WRITABLE_LIVE = new Set(['confirmed', 'scheduled']);

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
      familyMember: visit.familyMember ?? null,
      writable: isWritable(a, now),
    },
  };
}

/** The doctor's notes of their own appointment (404 for anyone else); the read is audited by the policy. */
export async function readVisitNotes(db: Db, viewer: Viewer, appointmentId: string, now: Date): Promise<VisitNotes> {
  return presentNotes(await readVisitNotesPolicy(db, viewer, appointmentId, now), now);
}

/**
 * Saves the doctor's notes and summary in one upsert. Sharing is one-way: `shared_at` keeps its
 * first value, so a later save without `share` cannot hide what the patient already has.
 */
export async function saveVisitNotes(
  db: Db,
  keys: KeyRing,
  viewer: Viewer,
  appointmentId: string,
  input: SaveInput,
  now: Date,
): Promise<VisitNotes> {
  const actor = actorOf(viewer);
  const visit = await visitForNotesWriter(db, viewer, appointmentId);
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
  // Fetched (and made, on a fresh database) before the transaction: a shared summary is signed in it.
  const key = sharing ? await keys.current() : null;
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
    // The shared text gets its verification code; a changed text supersedes the previous one (decision 093).
    if (key && row.sharedAt !== null) {
      await signSharedSummary(tx, key, summaryPartiesOf(visit), summaryBodyOf(visit, values), now);
    }
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
  // The reply shows what the doctor just saved: the save's own audit row covers it.
  return presentNotes(await visitForNotesWriter(db, viewer, appointmentId), now);
}

/**
 * The summary, for the patient once it is shared, and for the appointment's doctor and
 * administrators whether shared or not; 404 for everyone else (policies/visit.ts, which audits).
 */
export async function readVisitSummary(
  db: Db,
  keys: KeyRing,
  viewer: Viewer,
  appointmentId: string,
  now: Date,
): Promise<{
  verification: SummaryVerification | null;
  summary: VisitSummary;
  patientZone: string;
  doctorZone: string;
  patientLanguage: string | null;
  header: SummaryHeader;
}> {
  const visit = await readVisitSummaryPolicy(db, viewer, appointmentId, now);
  const n = visit.notes;
  return {
    verification: n.sharedAt ? await summaryVerification(db, keys, visit, now) : null,
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
    header: summaryPartiesOf(visit),
  };
}

function summaryPartiesOf(visit: Visit): SummaryParties {
  return {
    appointmentId: visit.appointment.id,
    patientId: visit.appointment.patientId,
    doctorId: visit.doctorId,
    language: languageOf(visit.patientLanguage) ?? DEFAULT_LANGUAGE,
    issuer: {
      name: `Dr. ${visit.doctorFirstName} ${visit.doctorLastName}`,
      specialty: visit.specialty,
      licenseNumber: visit.licenseNumber ?? '',
      practice: [visit.officeAddress, visit.location, visit.country].filter((p) => p && p.trim()).join(', '),
    },
    patient: personSeen(visit),
  };
}

const summaryBodyOf = (visit: Visit, text: { diagnosis: string; advice: string; followUpDays: number | null }) => ({
  startsAt: visit.appointment.startsAt.toISOString(),
  diagnosis: text.diagnosis,
  advice: text.advice,
  followUpDays: text.followUpDays,
});

/** What the summary's PDF prints to be checked: its code, key id and signature, and the signed content. */
export type SummaryVerification = { code: string; keyId: string; signature: string; content: unknown };

/**
 * The shared summary's current signed row. One shared before codes existed is signed on its first
 * download, from the text as it stands (the same text the PDF prints).
 */
async function summaryVerification(db: Db, keys: KeyRing, visit: Visit, now: Date): Promise<SummaryVerification> {
  const n = visit.notes!;
  const row =
    (await currentSummaryDocument(db, visit.appointment.id)) ??
    (await signSharedSummary(db, await keys.current(), summaryPartiesOf(visit), summaryBodyOf(visit, n), now));
  return { code: row!.code, keyId: row!.keyId, signature: row!.signature, content: row!.content };
}

/** Who the summary is from and for, as the header of every clinical PDF names them (decision 082). */
export type SummaryHeader = {
  issuer: { name: string; specialty: string; licenseNumber: string; practice: string };
  patient: { name: string; dateOfBirth: string };
};

/** The caller's own appointments (as patient) whose summary has been shared, newest first. */
export async function listSharedSummaries(db: Db, viewer: Viewer): Promise<SharedVisitSummaryList> {
  const rows = await sharedSummariesOf(db, viewer);
  return rows.map((r) => ({ ...r, sharedAt: r.sharedAt.toISOString() }));
}
