/**
 * Why a wallet balance moved. Credits: a referral reward, a refund of the wallet part of a payment.
 * Debits: the wallet part of a payment.
 */
export const WALLET_REASONS = ['referral_reward', 'payment', 'payment_refund'] as const;
export type WalletReason = (typeof WALLET_REASONS)[number];

/** The payment provider name of a consultation paid entirely from the wallet. */
export const WALLET_PROVIDER = 'wallet';
