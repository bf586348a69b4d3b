/** A dollar amount typed by a person: "150", "149.5" or "149.50" (fees move in steps of one cent). */
export const DOLLARS_PATTERN = /^\d{1,7}(\.\d{1,2})?$/;

/**
 * Dollars to integer cents without floating point: "149.5" → 14950. Numbers are rounded to the
 * cent first, so 0.1 + 0.2 style artefacts never reach the database.
 */
export function dollarsToCents(value: string | number): number {
  const text = typeof value === 'number' ? value.toFixed(2) : value.trim();
  const [whole, fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

/** Cents to the form's decimal string: 14950 → "149.50". */
export function centsToDollars(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return '';
  return (cents / 100).toFixed(2);
}

/** What a person typed as dollars, in cents; NaN when it is no amount (the server's schema names the problem). */
export const typedCents = (text: string): number => (DOLLARS_PATTERN.test(text.trim()) ? dollarsToCents(text) : NaN);
