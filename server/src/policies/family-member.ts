import { and, asc, count, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AppointmentFamilyMember } from '@common/schemas/family';
import type { Db } from '../db/client';
import { appointments, familyMembers } from '../db/schema';
import { localizedError } from '../core/errors';
import { recordRead } from './access-audit';
import type { Viewer } from './viewer';

/*
 * Family members (issue 42, docs/families.md). The account holder who added a member reads and
 * manages it; a doctor reads one who has a visit in their book (its name and date of birth, as the
 * visit shows them), audited in the holder's record-access log; everyone else is told it does not
 * exist. A deleted member is gone for its holder but still named on the visits booked for it.
 */

export type FamilyMemberRow = typeof familyMembers.$inferSelect;
export type FamilyMemberAction = 'read' | 'manage';
/** What the predicate needs: the member's holder, and whether the viewer is a doctor with a visit for them. */
export type FamilyMemberParties = { holderId: string; deletedAt: Date | null; inViewersBook?: boolean };

export function can(viewer: Pick<Viewer, 'id'>, action: FamilyMemberAction, record: FamilyMemberParties): boolean {
  const holder = record.holderId === viewer.id && record.deletedAt === null;
  if (action === 'manage') return holder;
  return holder || record.inViewersBook === true;
}

export const familyMemberNotFound = () => localizedError('not_found', 'family.errors.notFound');

/**
 * The SQL form of "the viewer is this member's holder" (live members only), over `family_members`.
 * A member who took over their record is removed too (deleted_at): the holder no longer reads it.
 */
export const familyMembersHeldBy = (viewer: Pick<Viewer, 'id'>): SQL =>
  and(eq(familyMembers.holderId, viewer.id), isNull(familyMembers.deletedAt))!;

/** The SQL form of "a visit for this member is in the viewer's book as a doctor". */
const inBookOf = (viewer: Pick<Viewer, 'id'>): SQL =>
  sql`exists (select 1 from ${appointments} where ${appointments.familyMemberId} = ${familyMembers.id}
    and ${appointments.doctorId} in (select own_doctor.id from doctors own_doctor where own_doctor.user_id = ${viewer.id}))`;

/** The SQL form of `can(viewer, 'read', …)` over `family_members`. */
export const familyMembersVisibleTo = (viewer: Pick<Viewer, 'id'>): SQL =>
  or(familyMembersHeldBy(viewer), inBookOf(viewer))!;

/** The holder's live family members, oldest first (their own: not audited). */
export async function ownFamilyMembers(db: Db, viewer: Pick<Viewer, 'id'>): Promise<FamilyMemberRow[]> {
  return db
    .select()
    .from(familyMembers)
    .where(familyMembersHeldBy(viewer))
    .orderBy(asc(familyMembers.createdAt), asc(familyMembers.id));
}

/**
 * One of the viewer's own live family members, for their commands (edit, delete, book for); 404 else.
 * `lock: 'share'` (inside a transaction) keeps it from being removed until the command commits;
 * `'update'` also keeps a second command that would change it waiting (a takeover).
 */
export async function ownFamilyMember(
  db: Db,
  viewer: Pick<Viewer, 'id'>,
  id: string,
  options: { lock?: 'share' | 'update' } = {},
): Promise<FamilyMemberRow> {
  const query = db
    .select()
    .from(familyMembers)
    .where(and(eq(familyMembers.id, id), familyMembersHeldBy(viewer)))
    .$dynamic();
  const [row] = await (options.lock ? query.for(options.lock) : query);
  if (!row) throw familyMemberNotFound();
  return row;
}

/** One family member as the viewer may read it (404 else); a doctor's read is in the holder's access log. */
export async function readFamilyMember(db: Db, viewer: Viewer, id: string, now: Date): Promise<FamilyMemberRow> {
  const [row] = await db
    .select()
    .from(familyMembers)
    .where(and(eq(familyMembers.id, id), familyMembersVisibleTo(viewer)));
  if (!row) throw familyMemberNotFound();
  await recordRead(db, viewer, { patientId: row.holderId, kind: 'family_members', targetId: row.id }, now);
  return row;
}

/** Every member an account ever added, deleted ones too: its data export and its deletion. */
export async function allFamilyMembersOf(db: Db, holderId: string): Promise<FamilyMemberRow[]> {
  return db
    .select()
    .from(familyMembers)
    .where(eq(familyMembers.holderId, holderId))
    .orderBy(asc(familyMembers.createdAt), asc(familyMembers.id));
}

/** How many live members the holder has (the limit); a count only, not a read of them. */
export async function liveFamilyMemberCount(db: Db, viewer: Pick<Viewer, 'id'>): Promise<number> {
  const [row] = await db.select({ n: count() }).from(familyMembers).where(familyMembersHeldBy(viewer));
  return Number(row?.n ?? 0);
}

/**
 * The family member an appointment is for, as a column of a query over `appointments` (null for
 * the booker's own visit). Only for queries already scoped to the viewer's appointments
 * (`appointmentsVisibleTo`); `readAppointment(s)` audit a doctor's view of it. Deleted members are
 * still named: the visit was booked for them.
 */
export const appointmentFamilyMember = () =>
  sql<AppointmentFamilyMember | null>`(select json_build_object(
      'id', fm.id, 'firstName', fm.first_name, 'lastName', fm.last_name,
      'dateOfBirth', fm.date_of_birth, 'relationship', fm.relationship)
    from family_members fm where fm.id = ${appointments.familyMemberId})`;

/**
 * A member's first name for the account mails about them: the invitation greets them, the holder
 * hears they took over. Sent to those two only, so not audited.
 */
export async function familyMemberFirstName(db: Db, id: string): Promise<string> {
  const [row] = await db
    .select({ firstName: familyMembers.firstName })
    .from(familyMembers)
    .where(eq(familyMembers.id, id));
  return row?.firstName ?? '';
}
