/** Every receipt number starts with this, then the year and a six-digit sequence: MED-2026-000123. */
export const RECEIPT_PREFIX = 'MED';

/** Prices are final: no VAT is added or included (docs/decisions/050-numbered-receipts-and-payout-accounts.md). */
export const RECEIPT_TAX_RATE_PERCENT = 0;
export const RECEIPT_TAX_TEXT = 'VAT not charged';

export const PAYOUT_ACCOUNT_KINDS = ['iban', 'us_ach'] as const;
export type PayoutAccountKind = (typeof PAYOUT_ACCOUNT_KINDS)[number];

/** "MED-2026-000123": the year's sequence, zero-padded to six digits (more digits past 999,999). */
export const receiptNumber = (year: number, sequence: number) =>
  `${RECEIPT_PREFIX}-${year}-${String(sequence).padStart(6, '0')}`;
