/**
 * Bank account checks for doctors' payouts, shared by the payout form and the server: an IBAN
 * (length by country from the SWIFT IBAN registry, then the ISO 13616 mod-97 check) or a US
 * account (ABA routing number with its checksum, plus an account number). Messages are shown
 * beside the field, in the reader's language (common/i18n/field-text.ts).
 */
import { fieldText, typedText } from '../i18n/field-text';

/** IBAN length by country (SWIFT IBAN registry). */
// prettier-ignore
export const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BI: 27, BR: 29, BY: 28,
  CH: 21, CR: 22, CY: 28, CZ: 24, DE: 22, DJ: 27, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18,
  FK: 18, FO: 18, FR: 27, GB: 22, GE: 22, GI: 23, GL: 18, GR: 27, GT: 28, HR: 21, HU: 28, IE: 22,
  IL: 23, IQ: 23, IS: 26, IT: 27, JO: 30, KW: 30, KZ: 20, LB: 28, LC: 32, LI: 21, LT: 20, LU: 20,
  LV: 21, LY: 25, MC: 27, MD: 24, ME: 22, MK: 19, MN: 20, MR: 27, MT: 31, MU: 30, NI: 28, NL: 18,
  NO: 15, OM: 23, PK: 24, PL: 28, PS: 29, PT: 25, QA: 29, RO: 24, RS: 22, RU: 33, SA: 24, SC: 31,
  SD: 18, SE: 24, SI: 19, SK: 24, SM: 27, SO: 23, ST: 25, SV: 28, TL: 23, TN: 24, TR: 26, UA: 29,
  VA: 22, VG: 24, XK: 20, YE: 30,
};

/** Spaces and dashes people type inside numbers are not part of them. */
export const compactAccount = (value: string) => value.replace(/[\s-]/g, '').toUpperCase();

/** The IBAN's problem in words, or null when it is a valid IBAN. */
export function ibanProblem(input: string): string | null {
  const iban = compactAccount(input);
  if (!iban) return fieldText('fields.iban.empty');
  if (!/^[A-Z0-9]+$/.test(iban)) return fieldText('fields.iban.characters');
  const country = iban.slice(0, 2);
  const length = IBAN_LENGTHS[country];
  if (!/^[A-Z]{2}$/.test(country) || length === undefined) return fieldText('fields.iban.country');
  if (!/^\d{2}$/.test(iban.slice(2, 4))) return fieldText('fields.iban.checkDigits');
  if (iban.length !== length) return typedText('fields.iban.length', { country, length, actual: iban.length });
  if (ibanRemainder(iban) !== 1) return fieldText('fields.iban.invalid');
  return null;
}

/** ISO 13616: the first four characters moved to the end, letters as 10–35, the number mod 97. */
function ibanRemainder(iban: string): number {
  const moved = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of moved) {
    const value = ch >= 'A' ? ch.charCodeAt(0) - 55 : Number(ch);
    remainder = (remainder * (value >= 10 ? 100 : 10) + value) % 97;
  }
  return remainder;
}

/** The US routing number's problem, or null: nine digits whose weighted sum (3, 7, 1) ends in 0. */
export function routingNumberProblem(input: string): string | null {
  const routing = compactAccount(input);
  if (!/^\d{9}$/.test(routing)) return fieldText('fields.routing.digits');
  const d = [...routing].map(Number);
  const sum = 3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + (d[2] + d[5] + d[8]);
  if (sum % 10 !== 0) return fieldText('fields.routing.invalid');
  return null;
}

/** A US account number: 4 to 17 digits. */
export function usAccountNumberProblem(input: string): string | null {
  const account = compactAccount(input);
  if (!/^\d{4,17}$/.test(account)) return fieldText('fields.accountNumber.digits');
  return null;
}

/** The holder as the bank knows them: letters, spaces and the punctuation names use. */
export function holderNameProblem(input: string): string | null {
  const name = input.trim();
  if (name.length < 2) return fieldText('fields.holder.empty');
  if (name.length > 70) return fieldText('fields.holder.tooLong');
  if (!/^[\p{L}\p{M}][\p{L}\p{M} .,'&()/-]*$/u.test(name)) return fieldText('fields.holder.characters');
  return null;
}

/** The last four characters, the only part of an account ever shown back. */
export const lastFour = (account: string) => compactAccount(account).slice(-4);
