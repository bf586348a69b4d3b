/** Every receipt number starts with this, then the year and a six-digit sequence: MED-2026-000123 (receipts/numbering.ts). */
export const RECEIPT_PREFIX = 'MED';

/** Prices are final: no VAT is added or included (docs/decisions/050-numbered-receipts-and-payout-accounts.md). */
export const RECEIPT_TAX_RATE_PERCENT = 0;
export const RECEIPT_TAX_TEXT = 'VAT not charged';

export const PAYOUT_ACCOUNT_KINDS = ['iban', 'us_ach'] as const;
export type PayoutAccountKind = (typeof PAYOUT_ACCOUNT_KINDS)[number];
