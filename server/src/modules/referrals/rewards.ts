import { and, eq } from 'drizzle-orm';
import type { ReferralType } from '@common/constants/referrals';
import type { Db } from '../../db/client';
import { referrals } from '../../db/schema';
import { moveWallet } from '../wallet/ledger';

/**
 * Completes the referred person's pending referral and credits its reward, once: the conditional
 * UPDATE lets exactly one of any number of concurrent callers through, and the ledger's unique
 * key per referral would refuse a second credit anyway. Run it in the transaction that records
 * the qualifying event, so the reward and the event commit together.
 */
async function completeReferral(tx: Db, referredUserId: string, type: ReferralType, now: Date) {
  const [won] = await tx
    .update(referrals)
    .set({ status: 'completed', completedAt: now, rewardedAt: now })
    .where(
      and(
        eq(referrals.referredUserId, referredUserId),
        eq(referrals.referralType, type),
        eq(referrals.status, 'pending'),
      ),
    )
    .returning();
  if (!won) return null;
  await moveWallet(
    tx,
    { userId: won.referrerId, amount: won.rewardAmount, reason: 'referral_reward', referralId: won.id },
    now,
  );
  return won;
}

/** A referred patient's consultation was paid: the first one completes the referral. */
export const onPatientPaid = (tx: Db, patientId: string, now: Date) => completeReferral(tx, patientId, 'patient', now);

/** A referred doctor was verified. Every path that verifies a doctor calls this. */
export async function onDoctorVerified(db: Db, doctorUserId: string, now: Date) {
  return db.transaction((tx) => completeReferral(tx, doctorUserId, 'doctor', now));
}
