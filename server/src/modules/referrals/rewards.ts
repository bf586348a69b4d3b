import { and, eq, inArray } from 'drizzle-orm';
import { REFERRAL_HOLD_DAYS, type ReferralType } from '@common/constants/referrals';
import { emailIdentity } from '../../core/email-identity';
import { doctors, payments, referrals } from '../../db/schema';
import type { Unit } from '../events/bus';
import { enqueueJobs } from '../jobs/queue';
import { referralReleaseJob } from '../jobs/referral-release';
import { account, transfer } from '../ledger/ledger';
import { moveWallet, walletBalance } from '../wallet/moves';

/**
 * A referral's life (nothing else writes `referrals.status`):
 *
 *   pending  → held      qualify          the referred person's first consultation was completed
 *   held     → rewarded  releaseHeldReward the refund window passed: the reward goes into the wallet (release.ts)
 *   held     → reversed  reverse          the qualifying payment was refunded before that
 *   rewarded → reversed  reverse          … or after: a reversing wallet line takes it back
 *
 * Sign-up and verification earn nothing by themselves, so throwaway accounts that book, pay and
 * cancel, or doctors verified automatically, cannot farm rewards.
 */

/** The one-way identity of a referred address: folded, then hashed, so a deleted account keeps it without the address. */
export const referredIdentity = emailIdentity;

/**
 * A completed consultation qualifies the referral of the person it was for (a referred patient) or
 * by (a referred doctor): the reward is held until the refund window has passed, then a
 * referral_release job puts it into the referrer's wallet.
 */
export async function qualify(unit: Unit, appointment: { id: string; patientId: string; doctorId: string }) {
  const { tx, now } = unit;
  const [payment] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.appointmentId, appointment.id), eq(payments.status, 'succeeded')));
  if (!payment) return;
  const [doctor] = await tx
    .select({ userId: doctors.userId })
    .from(doctors)
    .where(eq(doctors.id, appointment.doctorId));
  const candidates: [string, ReferralType][] = [[appointment.patientId, 'patient']];
  if (doctor) candidates.push([doctor.userId, 'doctor']);
  const releaseAt = new Date(now.getTime() + REFERRAL_HOLD_DAYS * 86_400_000);
  for (const [userId, type] of candidates) {
    const [held] = await tx
      .update(referrals)
      .set({ status: 'held', completedAt: now, qualifyingPaymentId: payment.id, releaseAt })
      .where(
        and(eq(referrals.referredUserId, userId), eq(referrals.referralType, type), eq(referrals.status, 'pending')),
      )
      .returning({ id: referrals.id });
    if (held)
      await enqueueJobs(tx, [{ kind: referralReleaseJob.kind, payload: { referralId: held.id }, runAt: releaseAt }]);
  }
}

/**
 * The qualifying payment was refunded: a held reward is simply not paid; a paid one is taken back
 * from the wallet by a reversing line, as far as the balance reaches (a wallet never goes below
 * zero). What was already spent stays spent: that shortfall moves from the referral-shortfall
 * account into the rewards account, so the ledger records the loss (decision 072).
 */
export async function reverse(unit: Unit, paymentId: string) {
  const { tx, now } = unit;
  const reversed = await tx
    .update(referrals)
    .set({ status: 'reversed', reversedAt: now })
    .where(and(eq(referrals.qualifyingPaymentId, paymentId), inArray(referrals.status, ['held', 'rewarded'])))
    .returning();
  for (const referral of reversed) {
    if (!referral.rewardedAt) continue;
    const back = Math.min(referral.rewardAmount, await walletBalance(tx, referral.referrerId));
    if (back > 0) {
      await moveWallet(
        tx,
        { userId: referral.referrerId, amount: -back, reason: 'referral_reversal', referralId: referral.id },
        now,
      );
    }
    await transfer(tx, {
      key: `referral_shortfall:${referral.id}`,
      kind: 'referral_shortfall',
      from: account.referralShortfall,
      to: account.referralRewards,
      amount: referral.rewardAmount - back,
    });
    await unit.emit('referral.reversed', { referral });
  }
}
