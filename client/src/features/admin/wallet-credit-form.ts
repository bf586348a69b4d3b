import { WALLET_CREDIT_MAX_CENTS, type AdminUserRow, type WalletCreditRequest } from '@common/schemas/admin';
import { DOLLARS_PATTERN, dollarsToCents } from '@common/rules/money';
import { hasForbiddenCharacters } from '@common/schemas/text';
import type { ClientMessageKey } from '@common/i18n/keys';
import type { Translate } from '../../lib/i18n/use-t';

export const CREDIT_REASON_MAX_LENGTH = 200;

/** The address an account keeps once deleted (server: patients/privacy.ts); the row has no other sign. */
const DELETED_DOMAIN = '@deleted.invalid';

/** Only an existing patient has a wallet: not doctors, administrators or deleted accounts. */
export const canCreditWallet = (user: Pick<AdminUserRow, 'userType' | 'email'>) =>
  user.userType === 'patient' && !user.email.endsWith(DELETED_DOMAIN);

export type CreditErrors = Partial<Record<'amount' | 'reason', string>>;
/** What is wrong with an amount: a message key, and the limit it names in cents. */
export type AmountProblem = { key: ClientMessageKey; cents?: number };

/** "25", "25.5", "$25.00" → 2550 cents; anything else, or outside $0.01–$500.00, the problem to show. */
export function parseCreditAmount(input: string): { cents: number } | { error: AmountProblem } {
  const text = input.trim().replace(/^\$\s*/, '');
  if (!text) return { error: { key: 'admin.credit.amountMissing' } };
  if (!DOLLARS_PATTERN.test(text)) return { error: { key: 'admin.credit.amountFormat' } };
  const cents = dollarsToCents(text);
  if (cents < 1) return { error: { key: 'admin.credit.amountMin', cents: 1 } };
  if (cents > WALLET_CREDIT_MAX_CENTS)
    return { error: { key: 'admin.credit.amountMax', cents: WALLET_CREDIT_MAX_CENTS } };
  return { cents };
}

/**
 * The request to send, or the message for each field that is wrong, in the viewer's words;
 * `dollars` writes a limit with its cents ("$500.00").
 */
export function readCreditForm(
  amount: string,
  reason: string,
  words: { t: Translate; dollars: (cents: number) => string },
): { request: WalletCreditRequest } | { errors: CreditErrors } {
  const { t } = words;
  const errors: CreditErrors = {};
  const parsed = parseCreditAmount(amount);
  if ('error' in parsed)
    errors.amount = t(parsed.error.key, parsed.error.cents ? { amount: words.dollars(parsed.error.cents) } : {});
  const why = reason.trim();
  if (!why) errors.reason = t('admin.credit.reasonMissing');
  else if (why.length > CREDIT_REASON_MAX_LENGTH)
    errors.reason = t('admin.credit.reasonLong', { max: CREDIT_REASON_MAX_LENGTH, length: why.length });
  else if (hasForbiddenCharacters(why))
    errors.reason = t('validation.forbiddenCharacters', { label: t('admin.credit.reason') });
  if ('error' in parsed || errors.reason) return { errors };
  return { request: { amount: parsed.cents, reason: why } };
}
