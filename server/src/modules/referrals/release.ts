import { and, eq, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { referrals } from '../../db/schema';
import { moveWallet } from '../wallet/moves';

/** The refund window is over and the payment stands: the held reward goes into the wallet, once. */
export async function releaseHeldReward(db: Db, referralId: string, now: Date) {
  await db.transaction(async (tx) => {
    const [won] = await tx
      .update(referrals)
      .set({ status: 'rewarded', rewardedAt: now })
      .where(and(eq(referrals.id, referralId), eq(referrals.status, 'held'), lte(referrals.releaseAt, now)))
      .returning();
    if (!won) return;
    await moveWallet(
      tx,
      { userId: won.referrerId, amount: won.rewardAmount, reason: 'referral_reward', referralId: won.id },
      now,
    );
  });
}
