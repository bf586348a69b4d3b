import type { Db } from '../../db/client';

/**
 * Releases a referral reward held for the refund window (the referral_release job runs it when
 * the window is over). A stub until the referral rules land: the job fails and is retried.
 */
export async function releaseHeldReward(_db: Db, _referralId: string, _now: Date): Promise<void> {
  throw new Error('not implemented');
}
