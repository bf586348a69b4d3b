import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { ledgerEntries, transfers } from '../../db/schema';

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
  /**
   * The clearing account: what patients paid for consultations and specialties, held until it is
   * split between doctor and platform, refunded or kept. Nets to zero once everything is settled.
   */
  platformRevenue: 'platform_revenue',
  /** The platform's commission on consultations. */
  platformFees: 'platform_fees',
  /** Outbreak report sales: the platform's own revenue, never split nor held for a refund. */
  reportRevenue: 'report_revenue',
  /** Card refunds asked of the processor and not yet confirmed by it. */
  refundsPending: 'refunds_pending',
  /** Card refunds the processor would not make: owed to patients until an administrator retries or resolves them. */
  refundsFailed: 'refunds_failed',
  referralRewards: 'referral_rewards',
  /**
   * What reversed referral rewards could not take back because the wallet had spent it: a debit
   * balance, the platform's loss (decision 072).
   */
  referralShortfall: 'referral_shortfall',
  goodwill: 'goodwill',
  openingBalances: 'opening_balances',
} as const;

export type Leg = { account: string; amount: number };

/** A replay under a transfer's key with other legs than were posted: a bug, never a retry. */
export class LedgerConflict extends Error {}

/** The hash of a transfer's legs, as migrations/0048 `ledger_legs_hash` computes it from the rows. */
export function legsHash(legs: Leg[]): string {
  const lines = legs.map((leg) => `${leg.account}=${leg.amount}`);
  lines.sort((a, b) => (a.split('=')[0] < b.split('=')[0] ? -1 : 1));
  return createHash('sha256').update(lines.join('\n'), 'utf8').digest('hex');
}

/**
 * Posts one transfer: legs that sum to zero, under a key that names the movement
 * (`charge:<paymentId>`). Its header (`transfers`) is written first: a transfer already posted
 * under its key with the same legs adds nothing, so a replayed command never moves money twice;
 * with other legs it throws LedgerConflict. Runs in the caller's transaction, beside the state
 * change it accounts for. Zero legs are left out. The database checks again at commit (every
 * transfer sums to zero and keeps its legs, migrations/0048), whoever inserts.
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
  const hash = legsHash(legs);
  // The header and its legs in one statement (every payment and refund posts two or three
  // transfers): the legs are written only when the header was, and the entries' foreign key and
  // the deferred sum check see both.
  const result = await tx.execute(sql`
    with header as (
      insert into ${transfers} (key, kind, legs_hash) values (${input.key}, ${input.kind}, ${hash})
      on conflict do nothing returning key
    ), legs as (
      insert into ${ledgerEntries} (transfer_key, account, amount, kind, payment_id)
      select header.key, leg.account, leg.amount, ${input.kind}, ${input.paymentId ?? null}::uuid
      from header, jsonb_to_recordset(${JSON.stringify(legs.map(({ account, amount }) => ({ account, amount })))}::jsonb)
        as leg(account text, amount integer)
      returning 1
    )
    select count(*)::int as posted from header`);
  const [{ posted }] = rowsOf<{ posted: number }>(result);
  if (posted === 0) {
    const [earlier] = await tx
      .select({ legsHash: transfers.legsHash })
      .from(transfers)
      .where(eq(transfers.key, input.key));
    if (earlier?.legsHash !== hash) throw new LedgerConflict(`ledger transfer ${input.key} was posted with other legs`);
    return false;
  }
  return true;
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
  const rows = rowsOf<{ account: string; balance: string | number }>(result);
  return new Map(rows.map((r) => [r.account, Number(r.balance)]));
}
