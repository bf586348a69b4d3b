/** Who a referral invites; the reward depends on it (in cents, credited to the referrer's wallet). */
export const REFERRAL_TYPES = ['patient', 'doctor'] as const;
export type ReferralType = (typeof REFERRAL_TYPES)[number];

export const REFERRAL_REWARD_CENTS: Record<ReferralType, number> = { patient: 2500, doctor: 10000 };

/**
 * A reward earned by a completed consultation waits this long before it reaches the wallet, so a
 * refund of that consultation (which takes the reward back) cannot leave it already spent.
 */
export const REFERRAL_HOLD_DAYS = 14;

/** Invitations by e-mail one account may send in a rolling day. */
export const REFERRAL_INVITES_PER_DAY = 20;
