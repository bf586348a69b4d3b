/**
 * Why a wallet balance moved. Credits: a referral reward, a refund of the wallet part of a payment,
 * an administrator's goodwill credit. Debits: the wallet part of a payment, a referral reward taken
 * back because the payment that earned it was refunded.
 */
export const WALLET_REASONS = [
  'referral_reward',
  'payment',
  'payment_refund',
  'goodwill_credit',
  'referral_reversal',
] as const;
export type WalletReason = (typeof WALLET_REASONS)[number];

/** The payment provider name of a consultation paid entirely from the wallet. */
export const WALLET_PROVIDER = 'wallet';
