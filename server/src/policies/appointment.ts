import { eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appointments } from '../db/schema';
import { notFound } from '../core/errors';
import { recordRead, recordReads } from './access-audit';
import type { Viewer } from './viewer';

/*
 * Appointments: who may read which (docs/policies.md). Its two participants read it — the patient
 * who booked and the doctor whose book it is in; anyone else is told it does not exist (404).
 * Administrators read appointments through the console's own lists, not these routes.
 */

/**
 * `read`/`join`: either participant. `manage_booking` (pay, cancel, reschedule, release a hold,
 * answer a proposed time): the patient who booked. `manage_book` (cancel as the doctor, propose a
 * new time, start the room, complete): the doctor whose book it is in. The state machines decide
 * *whether* a move is allowed now; these decide *who* may ask for it.
 */
export type AppointmentAction = 'read' | 'join' | 'manage_booking' | 'manage_book';
/** What the predicate needs of an appointment: its patient and its doctor's account. */
export type AppointmentParties = { patientId: string; doctorUserId: string };

export function can(viewer: Pick<Viewer, 'id'>, action: AppointmentAction, record: AppointmentParties): boolean {
  switch (action) {
    case 'read':
    case 'join':
      return record.patientId === viewer.id || record.doctorUserId === viewer.id;
    case 'manage_booking':
      return record.patientId === viewer.id;
    case 'manage_book':
      return record.doctorUserId === viewer.id;
  }
}

/** Which side of the appointment the viewer is on, or null when neither (then it is not theirs). */
export function sideOf(viewer: Pick<Viewer, 'id'>, record: AppointmentParties): 'doctor' | 'patient' | null {
  if (record.doctorUserId === viewer.id) return 'doctor';
  if (record.patientId === viewer.id) return 'patient';
  return null;
}

/**
 * Appointments the viewer booked as the patient. Takes a viewer, or `{id}` of the person a job or
 * command acts for (the deletion of an account, a patient's own overlap check).
 */
export const appointmentsBookedBy = (viewer: Pick<Viewer, 'id'>): SQL => eq(appointments.patientId, viewer.id);

/**
 * Appointments in the viewer's own book as a doctor: the doctor row of the viewer's account (none
 * for a patient or an administrator). Qualified by hand, as the caller's query may join doctors too.
 */
export const appointmentsOfDoctor = (viewer: Pick<Viewer, 'id'>): SQL =>
  sql`${appointments.doctorId} in (select own_doctor.id from doctors own_doctor where own_doctor.user_id = ${viewer.id})`;

/** The SQL form of `can(viewer, 'read', …)`, over `appointments`: the viewer is its patient or its doctor. */
export const appointmentsVisibleTo = (viewer: Pick<Viewer, 'id'>): SQL =>
  or(appointmentsBookedBy(viewer), appointmentsOfDoctor(viewer))!;

/** The SQL form of `can(viewer, action, …)` over `appointments`, for a command's conditional load. */
export function appointmentsWhere(viewer: Pick<Viewer, 'id'>, action: AppointmentAction): SQL {
  switch (action) {
    case 'read':
    case 'join':
      return appointmentsVisibleTo(viewer);
    case 'manage_booking':
      return appointmentsBookedBy(viewer);
    case 'manage_book':
      return appointmentsOfDoctor(viewer);
  }
}

/** An appointment as a reader was shown it; a family member's name and date of birth when it was for one. */
type Shown = { id: string; patientId: string; familyMember?: { id: string } | null };

/** The appointments shown, audited per patient; the family members they named, per member (issue 42). */
async function recordShown(db: Db, viewer: Viewer, shown: readonly Shown[], now: Date) {
  await recordReads(db, viewer, 'appointments', shown, now);
  const members = new Map<string, string>();
  for (const a of shown) if (a.familyMember) members.set(a.familyMember.id, a.patientId);
  for (const [id, patientId] of members) {
    await recordRead(db, viewer, { patientId, kind: 'family_members', targetId: id }, now);
  }
}

/**
 * One appointment, loaded by the caller through the viewer's scope (`load` ANDs `visible` into its
 * filter), 404 when it is not visible, and audited as a read of the patient's appointments.
 */
export async function readAppointment<T extends Shown>(
  db: Db,
  viewer: Viewer,
  now: Date,
  load: (visible: SQL) => Promise<T | undefined | null>,
): Promise<T> {
  const found = await load(appointmentsVisibleTo(viewer));
  if (!found) throw notFound('Appointment');
  await recordShown(db, viewer, [found], now);
  return found;
}

/**
 * Appointments through the viewer's scope (`load` ANDs `visible` into its filter), each patient
 * shown audited once; `shown` picks the appointments out of what `load` answers (a page, two lists).
 */
export async function readAppointments<R>(
  db: Db,
  viewer: Viewer,
  now: Date,
  load: (visible: SQL) => Promise<R>,
  shown: (result: R) => readonly Shown[],
): Promise<R> {
  const result = await load(appointmentsVisibleTo(viewer));
  await recordShown(db, viewer, shown(result), now);
  return result;
}
