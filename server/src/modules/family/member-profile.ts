import type { FamilyMemberProfile, FamilyMemberProfileBody } from '@common/schemas/family-member-profile';
import type { familyMemberProfileBodySchema } from '@common/schemas/family-member-profile';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { familyMemberProfiles } from '../../db/schema';
import { recordAudit, type AuditActor } from '../audit/record';
import { ownFamilyMember } from '../../policies/family-member';
import { readMemberProfile, type FamilyMemberProfileRow } from '../../policies/family-member-profile';
import type { Viewer } from '../../policies/viewer';

/** A family member's own health profile (issue 42, docs/families.md); the holder keeps it. */

type Body = z.output<typeof familyMemberProfileBodySchema>;
export type { FamilyMemberProfileBody };

export const presentMemberProfile = (row: FamilyMemberProfileRow): FamilyMemberProfile => ({
  familyMemberId: row.familyMemberId,
  gender: row.gender,
  phoneNumber: row.phoneNumber,
  address: row.address,
  city: row.city,
  state: row.state,
  zipCode: row.zipCode,
  country: row.country,
  emergencyContactName: row.emergencyContactName,
  emergencyContactPhone: row.emergencyContactPhone,
  emergencyContactRelation: row.emergencyContactRelation,
  medicalHistory: row.medicalHistory,
  currentMedications: row.currentMedications,
  allergies: row.allergies,
  preferredLanguage: row.preferredLanguage,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The profile; null when the viewer's own member has none saved yet (404 for anyone else's). */
export async function getMemberProfile(
  db: Db,
  viewer: Viewer,
  memberId: string,
  now: Date,
): Promise<FamilyMemberProfile | null> {
  try {
    return presentMemberProfile(await readMemberProfile(db, viewer, memberId, now));
  } catch (error) {
    if (viewer.role !== 'patient') throw error;
    await ownFamilyMember(db, viewer, memberId);
    return null;
  }
}

/**
 * The holder saves the whole profile (creates it the first time). The member row is locked so a
 * removal or a takeover at the same moment either comes first (404) or waits for this save.
 */
export async function saveMemberProfile(
  db: Db,
  viewer: Viewer,
  actor: AuditActor,
  memberId: string,
  body: Body,
  now: Date,
): Promise<FamilyMemberProfile> {
  const orNull = (value: string | null | undefined) => (value ? value : null);
  const values = {
    ...body,
    state: orNull(body.state),
    zipCode: orNull(body.zipCode),
    medicalHistory: orNull(body.medicalHistory),
    currentMedications: orNull(body.currentMedications),
    allergies: orNull(body.allergies),
    updatedAt: now,
  };
  return db.transaction(async (tx) => {
    const member = await ownFamilyMember(tx, viewer, memberId, { lock: 'update' });
    const [row] = await tx
      .insert(familyMemberProfiles)
      .values({ familyMemberId: member.id, ...values, createdAt: now })
      .onConflictDoUpdate({ target: familyMemberProfiles.familyMemberId, set: values })
      .returning();
    // The trail keeps which fields were saved, never their values: they are health data.
    await recordAudit(
      tx,
      actor,
      {
        action: 'family_member.profile_update',
        target: { type: 'family_member', id: member.id },
        after: { fields: Object.keys(body).sort() },
      },
      now,
    );
    return presentMemberProfile(row);
  });
}
