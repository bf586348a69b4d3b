import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../db/client';
import { users, walletEntries } from '../db/schema';
import { balances } from '../modules/ledger/ledger';

/**
 * For every user: the balance equals the sum of their wallet lines and the last line's
 * balance_after; every running total is the previous one plus the line; none is negative; and the
 * money ledger's wallet account holds the same balance, with the whole ledger summing to zero.
 */
export async function expectWalletInvariant(db: Db) {
  const lines = await db.select().from(walletEntries).orderBy(walletEntries.userId, walletEntries.id);
  const running = new Map<string, number>();
  for (const line of lines) {
    const next = (running.get(line.userId) ?? 0) + line.amount;
    expect(line.balanceAfter, `running balance of ${line.userId}`).toBe(next);
    expect(next).toBeGreaterThanOrEqual(0);
    running.set(line.userId, next);
  }
  const ledger = await balances(db);
  const wallets = await db
    .select({ id: users.id, balance: users.walletBalance })
    .from(users)
    .where(sql`${users.walletBalance} <> 0 or exists (select 1 from wallet_entries w where w.user_id = ${users.id})`);
  for (const b of wallets) {
    expect(b.balance, `wallet of ${b.id}`).toBe(running.get(b.id) ?? 0);
    expect(ledger.get(`patient_wallet:${b.id}`) ?? 0, `ledger wallet account of ${b.id}`).toBe(b.balance);
  }
  let total = 0;
  for (const amount of ledger.values()) total += amount;
  expect(total, 'the ledger sums to zero').toBe(0);
}
