import { z } from 'zod';
import { PAYOUT_ACCOUNT_KINDS } from '../constants/receipts';
import { fieldText } from '../i18n/field-text';
import { reauthPasswordSchema } from './mfa';
import { holderNameProblem, ibanProblem, routingNumberProblem, usAccountNumberProblem } from '../rules/bank-account';
import { text } from './text';

export const receiptIdParamsSchema = z.object({ id: z.uuid({ error: 'Receipt id must be a UUID' }) });

/** A receipt as lists show it; the PDF is at `pdfUrl`. Amounts in cents. */
export const receiptSummarySchema = z.object({
  id: z.uuid(),
  number: z.string(),
  item: z.string(),
  amount: z.number().int(),
  taxAmount: z.number().int(),
  currency: z.string(),
  issuedAt: z.string(),
  pdfUrl: z.string(),
});
export type ReceiptSummary = z.infer<typeof receiptSummarySchema>;

export const receiptPdfQuerySchema = z.object({
  /** The viewer's zone from the browser, when the account has none stored; checked on the server. */
  timeZone: text('Time zone', { max: 64 }).optional(),
});

const accountField = (label: string) => text(label, { max: 64 });

/**
 * The payout bank account form. The account checks are the ones in common/rules/bank-account.ts,
 * so the form and the server say the same thing beside the same field.
 */
export const payoutAccountBodySchema = z
  .object({
    kind: z.enum(PAYOUT_ACCOUNT_KINDS, { error: fieldText('fields.account.kind') }),
    holderName: text('Account holder', { max: 70 }),
    iban: accountField('IBAN').optional(),
    routingNumber: accountField('Routing number').optional(),
    accountNumber: accountField('Account number').optional(),
    /** The doctor's password again: an open session alone cannot redirect the money (issue 37). */
    password: reauthPasswordSchema,
  })
  .superRefine((body, ctx) => {
    const problem = (path: string, message: string | null) => {
      if (message) ctx.addIssue({ code: 'custom', path: [path], message });
    };
    problem('holderName', holderNameProblem(body.holderName));
    if (body.kind === 'iban') problem('iban', ibanProblem(body.iban ?? ''));
    else {
      problem('routingNumber', routingNumberProblem(body.routingNumber ?? ''));
      problem('accountNumber', usAccountNumberProblem(body.accountNumber ?? ''));
    }
  });
export type PayoutAccountBody = z.input<typeof payoutAccountBodySchema>;

/** The stored account as it is shown back: never more than its last four characters. */
export const payoutAccountSchema = z.object({
  kind: z.enum(PAYOUT_ACCOUNT_KINDS),
  country: z.string(),
  holderName: z.string(),
  last4: z.string(),
  updatedAt: z.string(),
});
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;
export const payoutAccountReplySchema = payoutAccountSchema.nullable();

/**
 * What the doctor is owed and has been paid, from the money ledger (cents): `owed` is the
 * doctor_payable balance (shares not yet paid out, including those in a requested payout),
 * `inPayout` the part of it in payouts requested and not yet sent, `paidOut` what was sent.
 */
export const payoutSummarySchema = z.object({
  owed: z.number().int(),
  inPayout: z.number().int(),
  paidOut: z.number().int(),
});
export type PayoutSummary = z.infer<typeof payoutSummarySchema>;
