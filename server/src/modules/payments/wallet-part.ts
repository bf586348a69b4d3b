import { and, eq } from 'drizzle-orm';
import { WALLET_PROVIDER } from '@common/constants/wallet';
import type { Db } from '../../db/client';
import { payments, walletEntries } from '../../db/schema';
import { AppError } from '../../core/errors';
import { moveWallet, walletBalance } from '../wallet/moves';

type PaymentRow = typeof payments.$inferSelect;

/** How much of a fee the patient's wallet pays when they ask for it: all of it, or what is there. */
export async function walletPartFor(db: Db, patientId: string, fee: number, useWallet: boolean): Promise<number> {
  if (!useWallet) return 0;
  return Math.min(await walletBalance(db, patientId), fee);
}

/**
 * Takes the wallet part of a payment that just succeeded, in the success's transaction. False when
 * the balance has dropped below it since checkout (spent elsewhere): the caller refunds the card.
 */
export async function debitWalletPart(tx: Db, payment: PaymentRow, now: Date): Promise<boolean> {
  if (payment.walletAmount === 0) return true;
  try {
    await moveWallet(
      tx,
      { userId: payment.patientId, amount: -payment.walletAmount, reason: 'payment', paymentId: payment.id },
      now,
    );
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === 'conflict') return false;
    throw error;
  }
}

/** A refunded payment's wallet part goes back to the wallet, once, if it was ever taken. */
export async function returnWalletPart(tx: Db, payment: PaymentRow, now: Date) {
  if (payment.walletAmount === 0) return;
  const [debit] = await tx
    .select({ amount: walletEntries.amount })
    .from(walletEntries)
    .where(and(eq(walletEntries.paymentId, payment.id), eq(walletEntries.reason, 'payment')));
  if (!debit) return;
  await moveWallet(
    tx,
    { userId: payment.patientId, amount: -debit.amount, reason: 'payment_refund', paymentId: payment.id },
    now,
  );
}

export const isWalletOnly = (payment: Pick<PaymentRow, 'provider'>) => payment.provider === WALLET_PROVIDER;

/** What the card was charged for a payment: the amount less the wallet part (nothing when the wallet paid it all). */
export const cardPart = (payment: Pick<PaymentRow, 'provider' | 'amount' | 'walletAmount'>) =>
  isWalletOnly(payment) ? 0 : payment.amount - payment.walletAmount;
