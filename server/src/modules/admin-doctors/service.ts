import { and, eq, sql } from 'drizzle-orm';
import type { ProfileStatus } from '@common/constants/statuses';
import type { DoctorProfile } from '@common/schemas/doctor-profile';
import type { Db } from '../../db/client';
import { doctors, users } from '../../db/schema';
import { notFound } from '../../core/errors';
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
 * doctor is notified once, by the statement that actually flipped the flag.
 */
export async function setDoctorVerified(db: Db, doctorId: string, isVerified: boolean): Promise<DoctorProfile> {
  const [changed] = await db
    .update(doctors)
    .set({
      isVerified,
      profileStatus: isVerified
        ? 'verified'
        : sql`case when ${doctors.profileStatus} = ${VERIFIED} then ${AWAITING_REVIEW} else ${doctors.profileStatus} end`,
      updatedAt: new Date(),
    })
    .where(and(eq(doctors.id, doctorId), eq(doctors.isVerified, !isVerified)))
    .returning();
  if (!changed) return present(db, await doctorById(db, doctorId));
  if (isVerified) {
    await onDoctorVerified(db, changed.userId, new Date());
    await notify(db, {
      userId: changed.userId,
      type: 'doctor_verified',
      title: 'Profile Verified',
      message: 'Your doctor profile has been verified. Patients can now find and book you.',
      priority: 'high',
    });
  }
  return present(db, changed);
}

export async function setDoctorActive(db: Db, doctorId: string, isActive: boolean): Promise<DoctorProfile> {
  const [row] = await db
    .update(doctors)
    .set({ isActive, updatedAt: new Date() })
    .where(eq(doctors.id, doctorId))
    .returning();
  if (!row) throw notFound('Doctor');
  return present(db, row);
}
