/** What a single-use account link is for; each purpose has its own lifetime. */
export const ACCOUNT_TOKEN_PURPOSES = ['verify_email', 'reset_password', 'change_email', 'family_takeover'] as const;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

const HOUR_MS = 3_600_000;
export const ACCOUNT_TOKEN_TTL_MS: Record<AccountTokenPurpose, number> = {
  verify_email: 24 * HOUR_MS,
  reset_password: HOUR_MS,
  change_email: 24 * HOUR_MS,
  // Someone turning 16 may not read their mail the same day.
  family_takeover: 7 * 24 * HOUR_MS,
};

/** The one refusal of every gated action while the address is unconfirmed. */
export const EMAIL_UNVERIFIED_MESSAGE = 'Please verify your e-mail address first.';
