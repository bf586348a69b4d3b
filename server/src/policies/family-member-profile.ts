import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appointments, familyMemberProfiles, familyMembers } from '../db/schema';
import { localizedError } from '../core/errors';
import { recordRead } from './access-audit';
import { familyMembersHeldBy } from './family-member';
import { visitWindowOpen } from './patient-record';
import type { Viewer } from './viewer';

/*
 * A family member's own health profile (issue 42). Read by their holder (a live member); by an
 * administrator; by a doctor only around a paid visit booked for that member, under the same
 * window as a patient's record (common/rules/record-access.ts). Everyone else: 404. A read by
 * anyone but the holder is in the holder's record-access log (`family_members`).
 */

export type FamilyMemberProfileRow = typeof familyMemberProfiles.$inferSelect;

export const memberProfileNotFound = () => localizedError('not_found', 'family.errors.profileNotFound');

/** The SQL form of "may the viewer read the health profile of the member row in `family_members`". */
function memberProfilesVisibleTo(viewer: Pick<Viewer, 'id' | 'role'>, now: Date): SQL {
  if (viewer.role === 'admin') return sql`true`;
  const holder = familyMembersHeldBy(viewer);
  if (viewer.role !== 'doctor') return holder;
  return sql`(${holder} or ${visitWindowOpen(viewer, now, sql`${appointments.familyMemberId} = ${familyMembers.id}`)})`;
}

/** One member's health profile as the viewer may read it (404 when absent or not theirs); audited. */
export async function readMemberProfile(
  db: Db,
  viewer: Viewer,
  memberId: string,
  now: Date,
): Promise<FamilyMemberProfileRow> {
  const [row] = await db
    .select({ profile: familyMemberProfiles, holderId: familyMembers.holderId })
    .from(familyMemberProfiles)
    .innerJoin(familyMembers, eq(familyMembers.id, familyMemberProfiles.familyMemberId))
    .where(and(eq(familyMembers.id, memberId), memberProfilesVisibleTo(viewer, now)));
  if (!row) throw memberProfileNotFound();
  await recordRead(db, viewer, { patientId: row.holderId, kind: 'family_members', targetId: memberId }, now);
  return row.profile;
}

/** The health profiles of every member an account added: its own data export (not audited). */
export async function memberProfilesOfHolder(db: Db, holderId: string): Promise<FamilyMemberProfileRow[]> {
  const rows = await db
    .select({ profile: familyMemberProfiles })
    .from(familyMemberProfiles)
    .innerJoin(familyMembers, eq(familyMembers.id, familyMemberProfiles.familyMemberId))
    .where(eq(familyMembers.holderId, holderId));
  return rows.map((r) => r.profile);
}
