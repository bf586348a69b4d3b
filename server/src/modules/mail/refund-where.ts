import type { Language } from '@common/i18n/languages';
import { formatMoney } from '@common/i18n/format';
import { translate } from '../../core/i18n';
import type { RefundPart } from '../appointment-view/view';

/**
 * "$120 back to your Medora wallet." / "$30 back to your Medora wallet and $90 back to your card.":
 * the amount and destination of every refunded part, so a wallet refund never reads as a card one.
 * Empty when nothing was refunded.
 */
export function refundWhereText(language: Language, parts: readonly RefundPart[]): string {
  const said = parts.map((part) =>
    translate(language, part.to === 'wallet' ? 'mail.refund.toWallet' : 'mail.refund.toCard', {
      amount: formatMoney(part.amount, language),
    }),
  );
  if (said.length === 0) return '';
  if (said.length === 1) return translate(language, 'mail.refund.one', { part: said[0] });
  return translate(language, 'mail.refund.both', { first: said[0], second: said[1] });
}
