import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { familyMemberProfiles, patientProfiles } from '../db/schema';
import type { FamilyMemberRow } from './family-member';

/**
 * A member taking over their record (decision 100) takes the health profile their holder kept for
 * them along, as their own patient profile; the holder keeps no copy. Not a read by anyone but the
 * member: not audited. They accepted the terms on the takeover page (`agreedAt`).
 */
export async function moveMemberProfile(tx: Db, member: FamilyMemberRow, accountId: string, agreedAt: Date) {
  const [profile] = await tx
    .select()
    .from(familyMemberProfiles)
    .where(eq(familyMemberProfiles.familyMemberId, member.id));
  if (!profile) return;
  const { familyMemberId: _member, createdAt: _created, updatedAt: _updated, ...fields } = profile;
  await tx.insert(patientProfiles).values({
    ...fields,
    userId: accountId,
    dateOfBirth: member.dateOfBirth,
    agreedToTermsAt: agreedAt,
    createdAt: agreedAt,
    updatedAt: agreedAt,
  });
  await tx.delete(familyMemberProfiles).where(eq(familyMemberProfiles.familyMemberId, member.id));
}
