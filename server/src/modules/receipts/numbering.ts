import { sql } from 'drizzle-orm';
import { receiptNumber } from '@common/constants/receipts';
import type { Db } from '../../db/client';
import { receiptCounters } from '../../db/schema';

/**
 * The next number of `year`, inside the paying transaction. The upsert takes the year's counter
 * row lock and holds it until that transaction ends: concurrent payments queue on it one at a
 * time, and a payment whose transaction rolls back returns its number with it. No gaps, no
 * repeats, on PGlite and on PostgreSQL alike.
 */
export async function nextReceiptNumber(tx: Db, year: number) {
  const [row] = await tx
    .insert(receiptCounters)
    .values({ year, lastNumber: 1 })
    .onConflictDoUpdate({ target: receiptCounters.year, set: { lastNumber: sql`${receiptCounters.lastNumber} + 1` } })
    .returning({ sequence: receiptCounters.lastNumber });
  return { year, sequence: row.sequence, number: receiptNumber(year, row.sequence) };
}
