import { eq } from 'drizzle-orm';
import type { DoctorProfile, DoctorProfileUpdate } from '@common/schemas/doctor-profile';
import { profileCompleteness, PUBLISH_THRESHOLD } from '@common/rules/profile-completeness';
import type { Db } from '../../db/client';
import { doctors, users } from '../../db/schema';
import { badRequest, notFound } from '../../core/errors';
import type { SessionUser } from '../../core/session-user';
import { presentDoctorProfile, profileOf } from '../doctor-record/present';
import { ensureDoctorRow, ownDoctorRow } from '../doctor-record/rows';
import { publish, returnToReview } from '../doctor-verification/commands';
import { isListed } from '../listing/rule';

type DoctorRow = typeof doctors.$inferSelect;

export { ensureDoctorRow };

export async function getOwnProfile(db: Db, userId: string): Promise<DoctorProfile | null> {
  const row = await ownDoctorRow(db, userId);
  return row ? profileOf(db, row) : null;
}

/** Others see a doctor only while listed (listing/rule.ts); the doctor and admins always do. */
export async function getProfileByUserId(db: Db, viewer: SessionUser | null, userId: string): Promise<DoctorProfile> {
  const [found] = await db
    .select({
      doctor: doctors,
      account: {
        firstName: users.firstName,
        lastName: users.lastName,
        profileImageUrl: users.profileImageUrl,
        isActive: users.isActive,
      },
    })
    .from(doctors)
    .innerJoin(users, eq(users.id, doctors.userId))
    .where(eq(doctors.userId, userId))
    .limit(1);
  const mayView =
    found &&
    (isListed({ doctor: found.doctor, account: found.account }) ||
      viewer?.id === userId ||
      viewer?.userType === 'admin');
  if (!found || !mayView) throw notFound('Doctor');
  return presentDoctorProfile(found.doctor, found.account);
}

/** Stores the server's own completeness for a just-saved row (a fee of 0 counts as not set). */
export async function refreshCompleteness(db: Db, saved: DoctorRow): Promise<DoctorRow> {
  const completeness = profileCompleteness({ ...saved, consultationFee: saved.consultationFee || null });
  const [row] = await db
    .update(doctors)
    .set({ profileCompleteness: completeness })
    .where(eq(doctors.id, saved.id))
    .returning();
  return row;
}

/**
 * Saves a draft. Undefined fields stay as they are; completeness is recomputed here from the
 * stored result, never taken from the client. The video fee is the form's consultation fee.
 */
export async function saveProfile(db: Db, userId: string, input: DoctorProfileUpdate): Promise<DoctorProfile> {
  const { profileCompleteness: _ignored, consultationFee, ...rest } = input;
  const changes: Partial<typeof doctors.$inferInsert> = {};
  for (const [key, value] of Object.entries(rest)) {
    if (value !== undefined) (changes as Record<string, unknown>)[key] = value;
  }
  if (changes.specialty === null) changes.specialty = '';
  if (changes.location === null) changes.location = '';
  if (changes.country === null) changes.country = '';
  if (consultationFee !== undefined) {
    changes.consultationFee = consultationFee ?? 0;
    changes.videoCallFee = consultationFee;
  }
  return db.transaction(async (tx) => {
    const before = await credentialsBefore(tx as unknown as Db, userId);
    const [saved] = await tx
      .insert(doctors)
      .values({ userId, ...changes })
      .onConflictDoUpdate({ target: doctors.userId, set: { ...changes, updatedAt: new Date() } })
      .returning();
    const reviewed = await returnToReviewIfCredentialsChanged(tx as unknown as Db, before, saved);
    return profileOf(tx as unknown as Db, await refreshCompleteness(tx as unknown as Db, reviewed));
  });
}

type Credentials = Pick<DoctorRow, 'licenseNumber' | 'specialty' | 'isVerified'>;

/** The credentials as verified, read with a row lock so two saves cannot both see them unchanged. */
async function credentialsBefore(tx: Db, userId: string): Promise<Credentials | null> {
  const [row] = await tx
    .select({ licenseNumber: doctors.licenseNumber, specialty: doctors.specialty, isVerified: doctors.isVerified })
    .from(doctors)
    .where(eq(doctors.userId, userId))
    .for('update');
  return row ?? null;
}

/**
 * An administrator verified a licence number and a specialty. When a verified doctor changes
 * either, the profile goes back to pending verification and is unlisted until verified again;
 * patients never see credentials nobody checked.
 */
async function returnToReviewIfCredentialsChanged(tx: Db, before: Credentials | null, saved: DoctorRow) {
  if (!before?.isVerified) return saved;
  const same = (before.licenseNumber ?? '') === (saved.licenseNumber ?? '') && before.specialty === saved.specialty;
  if (same) return saved;
  return returnToReview(tx, saved.id, new Date());
}

/** Draft → pending_verification, only at 70 % or more (one conditional UPDATE, no read-then-write). */
export async function publishProfile(db: Db, userId: string): Promise<DoctorProfile> {
  const published = await publish(db, userId, new Date());
  if (published) return profileOf(db, published);
  const row = await ownDoctorRow(db, userId);
  const current = row?.profileCompleteness ?? 0;
  throw badRequest(`Your profile is ${current}% complete. Complete at least ${PUBLISH_THRESHOLD}% before publishing.`, {
    profileCompleteness: `At least ${PUBLISH_THRESHOLD}% is needed to publish`,
  });
}
