import { and, desc, eq, sql } from 'drizzle-orm';
import type { WalletReason } from '@common/constants/wallet';
import type { Db } from '../../db/client';
import { users, walletEntries } from '../../db/schema';
import { localizedError } from '../../core/errors';
import { account, transfer } from '../ledger/ledger';

/** Where a wallet line's money comes from (a credit) or goes to (a debit), in the ledger. */
const COUNTER_ACCOUNT: Record<WalletReason, string> = {
  referral_reward: account.referralRewards,
  referral_reversal: account.referralRewards,
  payment: account.platformRevenue,
  payment_refund: account.platformRevenue,
  goodwill_credit: account.goodwill,
};

export type WalletMove = {
  userId: string;
  /** Cents; positive credits, negative debits. */
  amount: number;
  reason: WalletReason;
  referralId?: string | null;
  paymentId?: string | null;
  /** Shown to the account holder beside the line. */
  memo?: string | null;
};

/**
 * Moves a wallet balance and writes the ledger line, in the caller's transaction. The balance
 * UPDATE takes the user's row lock first, so concurrent moves queue and each line's balance_after
 * is the true running total. A move already made (same reason and referral or payment) is refused
 * by the ledger's unique keys; the balance is then put back and null returned, so a retry or a
 * concurrent duplicate changes nothing. A debit larger than the balance throws. Every line is also
 * a ledger transfer between the wallet and the account the money came from or went to.
 */
export async function moveWallet(tx: Db, move: WalletMove, now: Date) {
  const [balance] = await tx
    .update(users)
    .set({ walletBalance: sql`${users.walletBalance} + ${move.amount}` })
    .where(and(eq(users.id, move.userId), sql`${users.walletBalance} + ${move.amount} >= 0`))
    .returning({ value: users.walletBalance });
  if (!balance) throw localizedError('conflict', 'errors.walletBalanceTooLow');
  const [entry] = await tx
    .insert(walletEntries)
    .values({
      userId: move.userId,
      amount: move.amount,
      balanceAfter: balance.value,
      reason: move.reason,
      referralId: move.referralId ?? null,
      paymentId: move.paymentId ?? null,
      memo: move.memo ?? null,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (entry) {
    const wallet = account.patientWallet(move.userId);
    const counter = COUNTER_ACCOUNT[move.reason];
    await transfer(tx, {
      key: `wallet:${entry.id}`,
      kind: `wallet_${move.reason}`,
      from: move.amount > 0 ? counter : wallet,
      to: move.amount > 0 ? wallet : counter,
      amount: Math.abs(move.amount),
      paymentId: move.paymentId,
    });
    return entry;
  }
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
