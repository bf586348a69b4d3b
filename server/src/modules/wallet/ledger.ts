import { and, desc, eq, sql } from 'drizzle-orm';
import type { WalletReason } from '@common/constants/wallet';
import type { Db } from '../../db/client';
import { users, walletEntries } from '../../db/schema';
import { conflict } from '../../core/errors';

export type WalletMove = {
  userId: string;
  /** Cents; positive credits, negative debits. */
  amount: number;
  reason: WalletReason;
  referralId?: string | null;
  paymentId?: string | null;
};

/**
 * Moves a wallet balance and writes the ledger line, in the caller's transaction. The balance
 * UPDATE takes the user's row lock first, so concurrent moves queue and each line's balance_after
 * is the true running total. A move already made (same reason and referral or payment) is refused
 * by the ledger's unique keys; the balance is then put back and null returned, so a retry or a
 * concurrent duplicate changes nothing. A debit larger than the balance throws.
 */
export async function moveWallet(tx: Db, move: WalletMove, now: Date) {
  const [balance] = await tx
    .update(users)
    .set({ walletBalance: sql`${users.walletBalance} + ${move.amount}` })
    .where(and(eq(users.id, move.userId), sql`${users.walletBalance} + ${move.amount} >= 0`))
    .returning({ value: users.walletBalance });
  if (!balance) throw conflict('Your wallet balance is too low for this payment.');
  const [entry] = await tx
    .insert(walletEntries)
    .values({
      userId: move.userId,
      amount: move.amount,
      balanceAfter: balance.value,
      reason: move.reason,
      referralId: move.referralId ?? null,
      paymentId: move.paymentId ?? null,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (entry) return entry;
  await tx
    .update(users)
    .set({ walletBalance: sql`${users.walletBalance} - ${move.amount}` })
    .where(eq(users.id, move.userId));
  return null;
}

export async function walletBalance(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ value: users.walletBalance }).from(users).where(eq(users.id, userId));
  return row?.value ?? 0;
}

export async function walletLedger(db: Db, userId: string) {
  return db.select().from(walletEntries).where(eq(walletEntries.userId, userId)).orderBy(desc(walletEntries.id));
}
