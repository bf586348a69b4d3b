import { and, desc, eq } from 'drizzle-orm';
import type { ReceiptSummary } from '@common/schemas/receipts';
import type { Db } from '../../db/client';
import { payments, receipts } from '../../db/schema';
import { notFound } from '../../core/errors';
import { receiptsVisibleTo } from '../../policies/receipt';
import type { ReceiptDocument } from './pdf';

type ReceiptRow = typeof receipts.$inferSelect;

export const receiptPdfUrl = (id: string) => `/api/receipts/${id}/pdf`;

export const presentReceipt = (row: ReceiptRow): ReceiptSummary => ({
  id: row.id,
  number: row.number,
  item: row.item,
  amount: row.amount,
  taxAmount: row.taxAmount,
  currency: row.currency,
  issuedAt: row.issuedAt.toISOString(),
  pdfUrl: receiptPdfUrl(row.id),
});

/** The buyer's receipts, newest first (the data export lists them all). */
export async function receiptsOf(db: Db, buyerId: string): Promise<ReceiptSummary[]> {
  const rows = await db
    .select()
    .from(receipts)
    .where(receiptsVisibleTo({ id: buyerId }))
    .orderBy(desc(receipts.issuedAt));
  return rows.map(presentReceipt);
}

/** One receipt for its PDF, only the buyer's own (404 for anyone else's, as for one that does not exist). */
export async function receiptForBuyer(db: Db, buyerId: string, id: string): Promise<ReceiptDocument> {
  const [row] = await db
    .select({ receipt: receipts, walletAmount: payments.walletAmount, paymentStatus: payments.status })
    .from(receipts)
    .leftJoin(payments, eq(payments.id, receipts.paymentId))
    .where(and(eq(receipts.id, id), receiptsVisibleTo({ id: buyerId })));
  if (!row) throw notFound('Receipt');
  const { receipt } = row;
  return {
    number: receipt.number,
    issuedAt: receipt.issuedAt,
    buyerName: receipt.buyerName,
    buyerEmail: receipt.buyerEmail,
    item: receipt.item,
    amount: receipt.amount,
    taxAmount: receipt.taxAmount,
    taxRatePercent: receipt.taxRatePercent,
    currency: receipt.currency,
    walletAmount: row.walletAmount ?? 0,
    refund: row.paymentStatus === 'refunded' ? 'done' : row.paymentStatus === 'refund_pending' ? 'pending' : null,
  };
}
