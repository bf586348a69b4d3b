import type { ClientMessageKey } from '@common/i18n/keys';

/*
 * The card checks (common/rules/card.ts) and the simulated processor's declines speak English, the
 * words Stripe uses; the card forms say them again in the reader's language. A message not listed
 * here (Stripe's own, already in the page's language, or a server reply) is shown as it came.
 */
const KEYS: Record<string, ClientMessageKey> = {
  'Your card number is invalid.': 'payment.error.number',
  "Your card's expiration date is incomplete.": 'payment.error.expiryIncomplete',
  "Your card's expiration date is in the past.": 'payment.error.expiryPast',
  "Your card's security code is incomplete.": 'payment.error.cvc',
  'Your postal code is incomplete.': 'payment.error.postcodeIncomplete',
  'Your postal code is invalid.': 'payment.error.postcodeInvalid',
  'Your card was declined.': 'payment.error.declined',
  'Your card has insufficient funds.': 'payment.error.insufficientFunds',
};

export function cardMessage(
  message: string | null | undefined,
  t: (key: ClientMessageKey) => string,
): string | undefined {
  if (!message) return undefined;
  const key = KEYS[message];
  return key ? t(key) : message;
}
