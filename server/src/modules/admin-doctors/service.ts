import { and, eq, sql } from 'drizzle-orm';
import type { ProfileStatus } from '@common/constants/statuses';
import type { DoctorProfile } from '@common/schemas/doctor-profile';
import type { Db } from '../../db/client';
import { doctors, users } from '../../db/schema';
import { notFound } from '../../core/errors';
import { type AuditActor, recordAudit } from '../audit/record';
import { presentDoctorProfile } from '../doctor-profile/present';
import { notify } from '../notifications/service';
import { onDoctorVerified } from '../referrals/rewards';

const VERIFIED: ProfileStatus = 'verified';
const AWAITING_REVIEW: ProfileStatus = 'pending_verification';

async function present(db: Db, doctor: typeof doctors.$inferSelect): Promise<DoctorProfile> {
  const [user] = await db.select().from(users).where(eq(users.id, doctor.userId));
  return presentDoctorProfile(doctor, user);
}

async function doctorById(db: Db, doctorId: string) {
  const [row] = await db.select().from(doctors).where(eq(doctors.id, doctorId)).limit(1);
  if (!row) throw notFound('Doctor');
  return row;
}

/**
 * Verification is what makes a doctor listed and bookable (with isActive). Verifying also sets
 * profileStatus 'verified'; un-verifying returns the profile to 'pending_verification'. The
 * doctor is notified once, by the statement that actually flipped the flag; only a real change
 * is audited. `actor` is null when the platform verifies by itself (auto-verify).
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
    if (!changed) return present(tx, await doctorById(tx, doctorId));
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
      await onDoctorVerified(tx, changed.userId, now);
      await notify(tx, {
        userId: changed.userId,
        type: 'doctor_verified',
        title: 'Profile Verified',
        message: 'Your doctor profile has been verified. Patients can now find and book you.',
        priority: 'high',
      });
    }
    return present(tx, changed);
  });
}

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
    return present(tx, row);
  });
}
