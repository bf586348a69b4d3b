import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../db/client';
import { refusal } from '../../test-support/refusal';
import { createTestDatabase } from '../../test-support/test-database';
import { adminStats } from '../admin/stats';
import { account, postTransfer } from './ledger';

/**
 * Issue 39: the revenue card reads running totals (migration 0062) rather than summing the ledger.
 * The totals are the database's: the ledger's own trigger writes them, and nobody else may.
 */
let database: Database;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

const key = () => `test:${randomUUID()}`;
/** One transfer of `amount` cents from one account to another. */
const move = (kind: string, from: string, to: string, amount: number) =>
  postTransfer(db, {
    key: key(),
    kind,
    legs: [
      { account: from, amount: -amount },
      { account: to, amount },
    ],
  });
const kept = async (name: string) => {
  const result = await db.execute(
    sql`select account, kind, sum(amount)::bigint as amount from ledger_totals where account = ${name} group by account, kind order by kind`,
  );
  return (result as unknown as { rows: { account: string; kind: string; amount: string }[] }).rows.map((r) => [
    r.kind,
    Number(r.amount),
  ]);
};
describe('running totals of the platform accounts', () => {
  it('follow every posting of a platform account by kind, and leave personal accounts out', async () => {
    const before = await adminStats(db);
    const patient = account.patientCard(randomUUID());
    await move('card_charge', patient, account.platformRevenue, 4_500);
    await move('report_sale', patient, account.reportRevenue, 900);
    await move('card_refund_requested', account.platformRevenue, account.refundsPending, 1_500);
    // A kind the revenue card does not count moves the account but not the card.
    await move('test', account.goodwill, account.platformRevenue, 100);

    expect(await kept(patient)).toEqual([]);
    expect(await kept(account.reportRevenue)).toEqual([['report_sale', 900]]);
    const after = await adminStats(db);
    expect(after.totalRevenue - before.totalRevenue).toBe(4_500 + 900 - 1_500);
  });

  it('refuses a statement that writes them directly', async () => {
    await move('card_charge', account.patientCard(randomUUID()), account.platformRevenue, 100);
    const attempts = [
      sql`insert into ledger_totals (account, kind, stripe, amount) values ('platform_revenue', 'card_charge', 99, 1000000)`,
      sql`update ledger_totals set amount = amount + 1000000 where account = 'platform_revenue'`,
      sql`delete from ledger_totals where account = 'platform_revenue'`,
    ];
    const before = await kept(account.platformRevenue);
    for (const statement of attempts)
      expect(await refusal(db.execute(statement))).toContain('written by the ledger only');
    expect(await kept(account.platformRevenue)).toEqual(before);
  });
});

describe('running sums of the wallet accounts', () => {
  const sumOf = async (name: string) => {
    const result = await db.execute(sql`select amount from wallet_ledger_sums where account = ${name}`);
    const rows = (result as unknown as { rows: { amount: string }[] }).rows;
    return rows.length ? Number(rows[0].amount) : null;
  };

  it('follow every posting to a wallet and leave other accounts out', async () => {
    const wallet = account.patientWallet(randomUUID());
    await move('test', account.goodwill, wallet, 2_000);
    await move('test', wallet, account.platformRevenue, 750);
    expect(await sumOf(wallet)).toBe(1_250);
    expect(await sumOf(account.goodwill)).toBeNull();
  });

  it('refuses a statement that writes them directly', async () => {
    const wallet = account.patientWallet(randomUUID());
    await move('test', account.goodwill, wallet, 300);
    const attempts = [
      sql`insert into wallet_ledger_sums (account, amount) values (${account.patientWallet(randomUUID())}, 1000000)`,
      sql`update wallet_ledger_sums set amount = amount + 1000000 where account = ${wallet}`,
      sql`delete from wallet_ledger_sums where account = ${wallet}`,
    ];
    for (const statement of attempts)
      expect(await refusal(db.execute(statement))).toContain('written by the ledger only');
    expect(await sumOf(wallet)).toBe(300);
  });
});
