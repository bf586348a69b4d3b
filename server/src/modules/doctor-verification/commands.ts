import { and, eq, gte, sql } from 'drizzle-orm';
import type { ProfileStatus } from '@common/constants/statuses';
import type { DoctorProfile } from '@common/schemas/doctor-profile';
import { profileCompleteness, PUBLISH_THRESHOLD } from '@common/rules/profile-completeness';
import type { Db } from '../../db/client';
import { doctors } from '../../db/schema';
import { localizedError, notFound } from '../../core/errors';
import { type AuditActor, recordAudit } from '../audit/record';
import { credentialChangesOf, profileOf } from '../doctor-record/present';
import { notify } from '../notifications/service';
import { readSettings } from '../platform/settings';
import { doctorsOwnedBy } from '../../policies/doctor';

type DoctorRow = typeof doctors.$inferSelect;

const VERIFIED: ProfileStatus = 'verified';
const AWAITING_REVIEW: ProfileStatus = 'pending_verification';

async function doctorById(db: Db, doctorId: string) {
  const [row] = await db.select().from(doctors).where(eq(doctors.id, doctorId)).limit(1);
  if (!row) throw notFound('Doctor');
  return row;
}

/**
 * Verification is what makes a doctor listed and bookable (with isActive). Verifying also sets
 * profileStatus 'verified'; un-verifying returns the profile to 'pending_verification'. The
 * doctor is notified once, by the statement that actually flipped the flag; only a real change
 * is audited. `actor` is null when the platform verifies by itself (auto-verify). Verification,
 * by an administrator or automatic, pays no referral reward.
 */
export async function setDoctorVerified(
  db: Db,
  doctorId: string,
  isVerified: boolean,
  actor: AuditActor,
  now: Date,
  action: 'doctor.verify' | 'doctor.auto_verify' = 'doctor.verify',
): Promise<DoctorProfile> {
  return db.transaction(async (tx) => {
    const [changed] = await tx
      .update(doctors)
      .set({
        isVerified,
        profileStatus: isVerified
          ? 'verified'
          : sql`case when ${doctors.profileStatus} = ${VERIFIED} then ${AWAITING_REVIEW} else ${doctors.profileStatus} end`,
        updatedAt: now,
      })
      .where(and(eq(doctors.id, doctorId), eq(doctors.isVerified, !isVerified)))
      .returning();
    if (!changed) return profileOf(tx, await doctorById(tx, doctorId));
    await recordAudit(
      tx,
      actor,
      {
        action,
        target: { type: 'doctor', id: doctorId },
        subjectUserId: changed.userId,
        before: { isVerified: !isVerified },
        after: { isVerified, profileCompleteness: changed.profileCompleteness },
      },
      now,
    );
    if (isVerified) {
      await notify(tx, {
        userId: changed.userId,
        type: 'doctor_verified',
        priority: 'high',
        text: { titleKey: 'notify.verified.title', messageKey: 'notify.verified.message' },
      });
    }
    return profileOf(tx, changed);
  });
}

/** Lists or unlists a doctor; only a real change is audited. */
export async function setDoctorActive(
  db: Db,
  doctorId: string,
  isActive: boolean,
  actor: AuditActor,
  now: Date,
): Promise<DoctorProfile> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ isActive: doctors.isActive })
      .from(doctors)
      .where(eq(doctors.id, doctorId))
      .for('update');
    if (!before) throw notFound('Doctor');
    const [row] = await tx
      .update(doctors)
      .set({ isActive, updatedAt: now })
      .where(eq(doctors.id, doctorId))
      .returning();
    if (before.isActive !== isActive) {
      await recordAudit(
        tx,
        actor,
        {
          action: 'doctor.status',
          target: { type: 'doctor', id: doctorId },
          subjectUserId: row.userId,
          before: { isActive: before.isActive },
          after: { isActive },
        },
        now,
      );
    }
    return profileOf(tx, row);
  });
}

/**
 * With an auto-verify threshold set, a profile just published (awaiting review) whose
 * completeness is at or above it is verified on the spot, audited as the platform's own action.
 */
export async function autoVerifyIfEligible(db: Db, actor: AuditActor, userId: string, now: Date): Promise<boolean> {
  const { autoVerifyThreshold } = await readSettings(db);
  if (autoVerifyThreshold === null) return false;
  const [eligible] = await db
    .select({ id: doctors.id })
    .from(doctors)
    .where(
      and(
        doctorsOwnedBy({ id: userId }),
        eq(doctors.profileStatus, AWAITING_REVIEW),
        eq(doctors.isVerified, false),
        gte(doctors.profileCompleteness, autoVerifyThreshold),
      ),
    );
  if (!eligible) return false;
  await setDoctorVerified(db, eligible.id, true, actor, now, 'doctor.auto_verify');
  return true;
}

/**
 * An administrator's decision on a verified doctor's changed credentials: approving copies exactly
 * the pending values into the profile patients see, rejecting discards them; either way nothing is
 * pending after. The row is locked so a save racing the decision cannot slip a value past it.
 */
export async function decideCredentialChange(
  db: Db,
  doctorId: string,
  approve: boolean,
  actor: AuditActor,
  now: Date,
): Promise<DoctorProfile> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(doctors).where(eq(doctors.id, doctorId)).for('update');
    if (!row) throw notFound('Doctor');
    const changes = credentialChangesOf(row);
    if (changes.length === 0) throw localizedError('conflict', 'errors.doctorCredentialChangeWaiting');
    const applied = approve ? (row.pendingCredentials as Partial<DoctorRow>) : {};
    if (applied.specialty === null) applied.specialty = '';
    const completeness = profileCompleteness({ ...row, ...applied, consultationFee: row.consultationFee || null });
    const [saved] = await tx
      .update(doctors)
      .set({ ...applied, pendingCredentials: null, profileCompleteness: completeness, updatedAt: now })
      .where(eq(doctors.id, doctorId))
      .returning();
    await recordAudit(
      tx,
      actor,
      {
        action: approve ? 'doctor.credentials_approve' : 'doctor.credentials_reject',
        target: { type: 'doctor', id: doctorId },
        subjectUserId: row.userId,
        before: Object.fromEntries(changes.map((c) => [c.field, c.before])),
        after: Object.fromEntries(changes.map((c) => [c.field, approve ? c.after : c.before])),
      },
      now,
    );
    await notify(tx, {
      userId: row.userId,
      type: 'doctor_verified',
      priority: 'high',
      text: approve
        ? { titleKey: 'notify.credentials.approved.title', messageKey: 'notify.credentials.approved.message' }
        : { titleKey: 'notify.credentials.rejected.title', messageKey: 'notify.credentials.rejected.message' },
    });
    return profileOf(tx, saved);
  });
}

/**
 * Draft → pending_verification, only at PUBLISH_THRESHOLD % complete or more (one conditional
 * UPDATE, no read-then-write); a verified profile stays verified. The row, or undefined below it.
 */
export async function publish(db: Db, userId: string, now: Date) {
  const [published] = await db
    .update(doctors)
    .set({
      profileStatus: sql`case when ${doctors.profileStatus} = ${VERIFIED} then ${VERIFIED} else ${AWAITING_REVIEW} end`,
      updatedAt: now,
    })
    .where(and(doctorsOwnedBy({ id: userId }), gte(doctors.profileCompleteness, PUBLISH_THRESHOLD)))
    .returning();
  return published;
}
