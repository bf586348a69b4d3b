/** Card checks for the simulated checkout form (and the simulated processor behind it). */

/** Digits only: "4242 4242-4242 4242" → "4242424242424242". */
export const cardDigits = (value: string) => value.replace(/[\s-]/g, '');

/** The Luhn checksum every card number carries; 12–19 digits. */
export function luhnValid(value: string): boolean {
  const digits = cardDigits(value);
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** "MM/YY" or "MM / YYYY" → {month, year}; null when malformed. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** A card is good through the last day of its expiry month (checked in UTC). */
export function expiryValid(month: number, year: number, now = new Date()): boolean {
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  const expiry = year * 12 + (month - 1);
  return expiry >= thisMonth && expiry <= thisMonth + 20 * 12;
}

export const cvcValid = (value: string) => /^\d{3,4}$/.test(value.trim());

/** "4242424242424242" → "4242 4242 4242 4242" while typing. */
export function formatCardNumber(value: string): string {
  return cardDigits(value)
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

export type CardInput = { number: string; expiry: string; cvc: string; postcode: string };

/** Field errors for the card form; empty when the card may be sent. */
export function cardErrors(card: CardInput, now = new Date()): Partial<Record<keyof CardInput, string>> {
  const errors: Partial<Record<keyof CardInput, string>> = {};
  if (!luhnValid(card.number)) errors.number = 'Your card number is invalid.';
  const expiry = parseExpiry(card.expiry);
  if (!expiry) errors.expiry = "Your card's expiration date is incomplete.";
  else if (!expiryValid(expiry.month, expiry.year, now)) errors.expiry = "Your card's expiration date is in the past.";
  if (!cvcValid(card.cvc)) errors.cvc = "Your card's security code is incomplete.";
  if (!card.postcode.trim()) errors.postcode = 'Your postal code is incomplete.';
  else if (card.postcode.trim().length > 10) errors.postcode = 'Your postal code is invalid.';
  return errors;
}
