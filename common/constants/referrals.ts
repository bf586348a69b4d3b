/** Who a referral invites; the reward depends on it (in cents, credited to the referrer's wallet). */
export const REFERRAL_TYPES = ['patient', 'doctor'] as const;
export type ReferralType = (typeof REFERRAL_TYPES)[number];

export const REFERRAL_REWARD_CENTS: Record<ReferralType, number> = { patient: 2500, doctor: 10000 };
