import { and, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AppointmentStatus } from '@common/constants/statuses';
import { RECORD_ACCESS } from '@common/rules/record-access';
import type { Db } from '../db/client';
import { appointments, doctors, patientProfiles, visitNotes } from '../db/schema';
import { notFound } from '../core/errors';
import { recordRead } from './access-audit';
import { doctorsOwnedBy } from './doctor';
import type { Viewer } from './viewer';

/*
 * A patient's record (the profile: contact, emergency contact, medical history, medications,
 * allergies). Read by the patient; by an administrator; by a doctor only around a paid visit with
 * them (common/rules/record-access.ts). Everyone else: 404. Reads by others are audited here.
 * A visit the patient booked for a family member opens that member's health profile
 * (policies/family-member-profile.ts), not the booker's.
 */

/** A visit of the patient as the rule weighs it: whose book, its status, its start, its summary's sharing. */
export type VisitWithPatient = {
  doctorUserId: string;
  status: AppointmentStatus;
  startsAt: Date;
  summarySharedAt: Date | null;
  /** Booked for a family member (issue 42): it opens the member's health profile, not this record. */
  forFamilyMember?: boolean;
};

const DAY_MS = 86_400_000;

/**
 * May `viewer` read the record of `record.patientId`, whose visits are `record.visits` (all of them,
 * or at least the viewer's): the predicate `patientRecordsVisibleTo` states in SQL.
 */
export function can(
  viewer: Pick<Viewer, 'id' | 'role'>,
  action: 'read',
  record: { patientId: string; visits: readonly VisitWithPatient[] },
  now: Date,
): boolean {
  switch (action) {
    case 'read': {
      if (viewer.role === 'admin' || record.patientId === viewer.id) return true;
      if (viewer.role !== 'doctor') return false;
      const { opensDaysBefore, closesDaysAfter, statuses } = RECORD_ACCESS;
      return record.visits.some((visit) => {
        if (visit.doctorUserId !== viewer.id || visit.forFamilyMember) return false;
        if (!(statuses as readonly AppointmentStatus[]).includes(visit.status)) return false;
        const opens = visit.startsAt.getTime() - opensDaysBefore * DAY_MS;
        const latest = Math.max(visit.startsAt.getTime(), visit.summarySharedAt?.getTime() ?? -Infinity);
        return opens <= now.getTime() && now.getTime() <= latest + closesDaysAfter * DAY_MS;
      });
    }
  }
}

/**
 * The SQL form of "may `viewer` read the record of the patient `patientId`" (a column or a value):
 * the patient, an administrator, or a doctor with a paid visit for the patient themself (not one
 * they booked for a family member) whose window is open at `now`.
 */
export function patientRecordsVisibleTo(
  viewer: Pick<Viewer, 'id' | 'role'>,
  now: Date,
  patientId: AnyPgColumn | SQL,
): SQL {
  if (viewer.role === 'admin') return sql`true`;
  const own = sql`${patientId} = ${viewer.id}`;
  if (viewer.role !== 'doctor') return own;
  const theirOwnVisits = sql`${appointments.patientId} = ${patientId} and ${appointments.familyMemberId} is null`;
  return sql`(${own} or ${visitWindowOpen(viewer, now, theirOwnVisits)})`;
}

/**
 * The SQL form of "the viewer, a doctor, has a paid visit among `visits` (a condition over
 * `appointments`) whose record window is open at `now`": the rule of `can` above, for a patient's
 * visits or (policies/family-member-profile.ts) the visits booked for a family member.
 */
export function visitWindowOpen(viewer: Pick<Viewer, 'id'>, now: Date, visits: SQL): SQL {
  const { opensDaysBefore, closesDaysAfter, statuses } = RECORD_ACCESS;
  const at = now.toISOString();
  return sql`exists (
    select 1 from ${appointments}
    join ${doctors} on ${doctors.id} = ${appointments.doctorId}
    left join ${visitNotes} on ${visitNotes.appointmentId} = ${appointments.id}
    where ${and(
      visits,
      doctorsOwnedBy(viewer),
      inArray(appointments.status, [...statuses]),
      lte(appointments.startsAt, sql`${at}::timestamptz + make_interval(days => ${opensDaysBefore})`),
      gte(
        sql`greatest(${appointments.startsAt}, ${visitNotes.sharedAt})`,
        sql`${at}::timestamptz - make_interval(days => ${closesDaysAfter})`,
      ),
    )})`;
}

export type PatientProfileRow = typeof patientProfiles.$inferSelect;

/**
 * The patient's profile row, through the viewer's scope; 404 when absent or not theirs to read.
 * A read by anyone but the patient is audited.
 */
export async function readPatientProfile(
  db: Db,
  viewer: Viewer,
  patientId: string,
  now: Date,
): Promise<PatientProfileRow> {
  const [row] = await db
    .select()
    .from(patientProfiles)
    .where(and(eq(patientProfiles.userId, patientId), patientRecordsVisibleTo(viewer, now, patientProfiles.userId)));
  if (!row) throw notFound('Patient profile');
  await recordRead(db, viewer, { patientId, kind: 'profile', targetId: patientId }, now);
  return row;
}

/**
 * The country a patient's profile gives, as a column expression for a select: the time-zone rule
 * reads it (decision 047). It is not health data, so reading it is not audited.
 */
export const patientCountry = (userId: AnyPgColumn | SQL) =>
  sql<
    string | null
  >`(select ${patientProfiles.country} from ${patientProfiles} where ${patientProfiles.userId} = ${userId})`;

/** The viewer's own profile row, or null before they create one (their own data: not audited). */
export async function ownPatientProfile(db: Db, viewer: Pick<Viewer, 'id'>): Promise<PatientProfileRow | null> {
  const [row] = await db.select().from(patientProfiles).where(eq(patientProfiles.userId, viewer.id));
  return row ?? null;
}
