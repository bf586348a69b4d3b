/**
 * The code of a referral link (/signup?ref=CODE), kept for the browser tab until the account is
 * created: the person may read the sign-up page, sign in elsewhere and register minutes later.
 */
const KEY = 'medora.referralCode';
const VALID = /^[A-Za-z0-9]{1,32}$/;

export function rememberReferralCode(code: string | null) {
  if (!code || !VALID.test(code)) return;
  try {
    sessionStorage.setItem(KEY, code.toUpperCase());
  } catch {
    // Storage blocked: the link still works, without the reward.
  }
}

export function rememberedReferralCode(): string | undefined {
  try {
    const code = sessionStorage.getItem(KEY);
    return code && VALID.test(code) ? code : undefined;
  } catch {
    return undefined;
  }
}

export function forgetReferralCode() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing to forget
  }
}
