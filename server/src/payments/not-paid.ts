import type { ServerMessageKey } from '@common/i18n/keys';
import { AppError, localizedError } from '../core/errors';
import { translate } from '../core/i18n';

/** The simulated processor's refusals: ours, so said in the reader's language. */
export const SIMULATED_REFUSALS = {
  declined: 'errors.card.declined',
  insufficientFunds: 'errors.card.insufficientFunds',
  testOnly: 'errors.card.testOnly',
  replaced: 'errors.card.replaced',
} as const satisfies Record<string, ServerMessageKey>;

/** The English text the simulated processor stores and returns, as Stripe returns its own. */
export const simulatedRefusal = (which: keyof typeof SIMULATED_REFUSALS) => translate('en', SIMULATED_REFUSALS[which]);

const byEnglish = new Map<string, ServerMessageKey>(
  Object.values(SIMULATED_REFUSALS).map((key) => [translate('en', key), key]),
);

/**
 * A 402 for an intent that has not succeeded. The processor's last error is passed on: the simulated
 * one's in the reader's language, a real processor's (Stripe's decline text) as it wrote it.
 */
export function notPaidYet(lastError: string | null): AppError {
  if (!lastError) return localizedError('payment_required', 'errors.paymentNotCompleted');
  const key = byEnglish.get(lastError);
  return key ? localizedError('payment_required', key) : new AppError('payment_required', lastError);
}
