import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerEntries } from '../../db/schema';

/**
 * The named accounts money moves between. A positive balance is money the account holds; the
 * patient's card account goes negative by what the card paid, so every transfer sums to zero and
 * so does the whole ledger.
 */
export const account = {
  patientCard: (userId: string) => `patient_card:${userId}`,
  patientWallet: (userId: string) => `patient_wallet:${userId}`,
  doctorPayable: (doctorId: string) => `doctor_payable:${doctorId}`,
  doctorPaidOut: (doctorId: string) => `doctor_paid_out:${doctorId}`,
  /** What patients paid and the platform holds until it is split, refunded or kept. */
  platformRevenue: 'platform_revenue',
  /** The platform's commission on consultations. */
  platformFees: 'platform_fees',
  /** Card refunds asked of the processor and not yet confirmed by it. */
  refundsPending: 'refunds_pending',
  referralRewards: 'referral_rewards',
  goodwill: 'goodwill',
  openingBalances: 'opening_balances',
} as const;

export type Leg = { account: string; amount: number };

/**
 * Posts one transfer: legs that sum to zero, under a key that names the movement
 * (`charge:<paymentId>`). A transfer already posted under its key adds nothing (the unique key
 * per transfer and account), so a replayed command never moves money twice. Runs in the caller's
 * transaction, beside the state change it accounts for. Zero legs are left out.
 */
export async function postTransfer(
  tx: Db,
  input: { key: string; kind: string; legs: Leg[]; paymentId?: string | null },
): Promise<boolean> {
  const legs = input.legs.filter((leg) => leg.amount !== 0);
  const total = legs.reduce((sum, leg) => sum + leg.amount, 0);
  if (total !== 0) throw new Error(`ledger transfer ${input.key} does not balance (${total})`);
  if (legs.some((leg) => !Number.isSafeInteger(leg.amount))) throw new Error(`ledger transfer ${input.key}: not cents`);
  if (legs.length === 0) return false;
  const rows = await tx
    .insert(ledgerEntries)
    .values(
      legs.map((leg) => ({
        transferKey: input.key,
        account: leg.account,
        amount: leg.amount,
        kind: input.kind,
        paymentId: input.paymentId ?? null,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: ledgerEntries.id });
  if (rows.length !== 0 && rows.length !== legs.length) {
    throw new Error(`ledger transfer ${input.key} was partly posted before`);
  }
  return rows.length > 0;
}

/** A simple two-leg move of `amount` cents from one account to another. */
export const transfer = (
  tx: Db,
  input: { key: string; kind: string; from: string; to: string; amount: number; paymentId?: string | null },
) =>
  postTransfer(tx, {
    key: input.key,
    kind: input.kind,
    paymentId: input.paymentId,
    legs: [
      { account: input.from, amount: -input.amount },
      { account: input.to, amount: input.amount },
    ],
  });

/** Balances of the accounts named, or of every account when none are given (tests and the console). */
export async function balances(db: Db, accounts?: string[]): Promise<Map<string, number>> {
  const filter = accounts ? sql`where account = any(${`{${accounts.join(',')}}`}::text[])` : sql``;
  const result = await db.execute(
    sql`select account, sum(amount)::bigint as balance from ${ledgerEntries} ${filter} group by account`,
  );
  const rows = (result as unknown as { rows: { account: string; balance: string | number }[] }).rows;
  return new Map(rows.map((r) => [r.account, Number(r.balance)]));
}
