import { WALLET_CREDIT_MAX_CENTS, type AdminUserRow, type WalletCreditRequest } from '@common/schemas/admin';
import { centsToDollars, DOLLARS_PATTERN, dollarsToCents } from '@common/rules/money';
import { forbiddenCharactersMessage, hasForbiddenCharacters } from '@common/schemas/text';

export const CREDIT_REASON_MAX_LENGTH = 200;
const MAX_TEXT = `$${centsToDollars(WALLET_CREDIT_MAX_CENTS)}`;

/** The address an account keeps once deleted (server: patients/privacy.ts); the row has no other sign. */
const DELETED_DOMAIN = '@deleted.invalid';

/** Only an existing patient has a wallet: not doctors, administrators or deleted accounts. */
export const canCreditWallet = (user: Pick<AdminUserRow, 'userType' | 'email'>) =>
  user.userType === 'patient' && !user.email.endsWith(DELETED_DOMAIN);

export type CreditErrors = Partial<Record<'amount' | 'reason', string>>;

/** "25", "25.5", "$25.00" → 2550 cents; anything else, or outside $0.01–$500.00, an error to show. */
export function parseCreditAmount(input: string): { cents: number } | { error: string } {
  const text = input.trim().replace(/^\$\s*/, '');
  if (!text) return { error: 'Enter an amount' };
  if (!DOLLARS_PATTERN.test(text)) return { error: 'Enter the amount in dollars, like 25.00' };
  const cents = dollarsToCents(text);
  if (cents < 1) return { error: 'The amount must be at least $0.01' };
  if (cents > WALLET_CREDIT_MAX_CENTS) return { error: `The amount can be at most ${MAX_TEXT}` };
  return { cents };
}

/** The request to send, or the message for each field that is wrong. */
export function readCreditForm(
  amount: string,
  reason: string,
): { request: WalletCreditRequest } | { errors: CreditErrors } {
  const errors: CreditErrors = {};
  const parsed = parseCreditAmount(amount);
  if ('error' in parsed) errors.amount = parsed.error;
  const why = reason.trim();
  if (!why) errors.reason = 'Enter a reason; the patient sees it beside the credit';
  else if (why.length > CREDIT_REASON_MAX_LENGTH)
    errors.reason = `Keep the reason to ${CREDIT_REASON_MAX_LENGTH} characters (it has ${why.length})`;
  else if (hasForbiddenCharacters(why)) errors.reason = forbiddenCharactersMessage('Reason');
  if ('error' in parsed || errors.reason) return { errors };
  return { request: { amount: parsed.cents, reason: why } };
}
