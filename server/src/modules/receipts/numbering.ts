import { sql, type SQL } from 'drizzle-orm';
import { receiptNumber } from '@common/constants/receipts';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { receiptCounters, receipts, users } from '../../db/schema';

type Taken = { sequence: number; firstName: string | null; lastName: string | null; email: string | null };

/**
 * The next number of `year`, inside the paying transaction, with the buyer's name and address in
 * the same statement (it runs in every payment's transaction). None when a receipt matching
 * `issued` exists already, so a replay never burns a number. The upsert takes the year's counter
 * row lock and holds it until that transaction ends: concurrent payments queue on it one at a
 * time, and a payment whose transaction rolls back returns its number with it. No gaps, no
 * repeats, on PGlite and on PostgreSQL alike.
 */
export async function nextReceiptNumber(tx: Db, year: number, issued: SQL, buyerId: string) {
  const result = await tx.execute(sql`
    with taken as (
      insert into ${receiptCounters} (year, last_number)
      select ${year}, 1 where not exists (select 1 from ${receipts} where ${issued})
      on conflict (year) do update set last_number = ${receiptCounters}.last_number + 1
      returning last_number
    )
    select taken.last_number as "sequence", u.first_name as "firstName", u.last_name as "lastName", u.email
    from taken left join ${users} u on u.id = ${buyerId}`);
  const [row] = rowsOf<Taken>(result);
  if (!row) return undefined;
  const { sequence, firstName, lastName, email } = row;
  // Only a buyer who is gone (the left join found none) lacks these: the payment's transaction,
  // its number with it, rolls back.
  if (firstName === null || lastName === null || email === null) throw new Error('the receipt’s buyer is gone');
  return { year, sequence, number: receiptNumber(year, sequence), buyer: { firstName, lastName, email } };
}
