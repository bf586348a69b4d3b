import { sql, type SQL } from 'drizzle-orm';
import { RECEIPT_PREFIX } from '@common/constants/receipts';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { receiptCounters, receipts, users } from '../../db/schema';

/** What a receipt says besides its number and buyer (frozen on the row). */
export type ReceiptValues = {
  paymentId: string | null;
  reportPurchaseId: string | null;
  buyerId: string;
  item: string;
  amount: number;
  taxAmount: number;
  taxRatePercent: number;
  currency: string;
  issuedAt: Date;
};

/**
 * "MED-2026-000123": the year's sequence, zero-padded to six digits (more digits past 999,999).
 * Written in SQL because the number is made in the statement that takes it.
 */
export const numberOf = (year: number, sequence: SQL) =>
  sql`${`${RECEIPT_PREFIX}-${year}-`} || lpad(${sequence}::text, greatest(6, length(${sequence}::text)), '0')`;

/**
 * Takes the next number of the receipt's year and inserts the receipt with it and the buyer's
 * name and address, in one statement: the upsert locks the year's counter until the paying
 * transaction ends, so every payment queues on it, and one statement (run as the transaction's
 * last work) leaves only the commit inside the lock. Nothing when a receipt matching `issued`
 * exists already, so a replay never burns a number. A payment whose transaction rolls back returns
 * its number with it: no gaps, no repeats, on PGlite and on PostgreSQL alike. A buyer who is gone
 * leaves the name empty and the insert fails on it, so the payment's transaction rolls back.
 */
export async function insertNumberedReceipt(tx: Db, issued: SQL, values: ReceiptValues) {
  const year = values.issuedAt.getUTCFullYear();
  const result = await tx.execute(sql`
    with taken as (
      insert into ${receiptCounters} (year, last_number)
      select ${year}, 1 where not exists (select 1 from ${receipts} where ${issued})
      on conflict (year) do update set last_number = ${receiptCounters}.last_number + 1
      returning last_number
    )
    insert into ${receipts} (number, year, sequence, payment_id, report_purchase_id, buyer_id, buyer_name,
      buyer_email, item, amount, tax_amount, tax_rate_percent, currency, issued_at)
    select ${numberOf(year, sql`taken.last_number`)}, ${year}, taken.last_number, ${values.paymentId}::uuid,
      ${values.reportPurchaseId}::uuid, ${values.buyerId}::uuid, u.first_name || ' ' || u.last_name, u.email,
      ${values.item}, ${values.amount}, ${values.taxAmount}, ${values.taxRatePercent}, ${values.currency},
      ${values.issuedAt.toISOString()}::timestamptz
    from taken left join ${users} u on u.id = ${values.buyerId}::uuid
    returning id`);
  return rowsOf<{ id: string }>(result)[0]?.id;
}
