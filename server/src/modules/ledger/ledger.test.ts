import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../db/client';
import { ledgerEntries, transfers, users } from '../../db/schema';
import { createUser } from '../../db/factories';
import { createTestDatabase } from '../../test-support/test-database';
import { balances, LedgerConflict, postTransfer } from './ledger';

/**
 * Issue 38, item 2: the database keeps the ledger honest, whoever writes to it — the
 * application's postTransfer or a raw statement.
 */
let database: Database;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

const key = () => `test:${randomUUID()}`;
const legs = (from: string, to: string, amount: number) => [
  { account: from, amount: -amount },
  { account: to, amount },
];
const rows = (transferKey: string) => db.select().from(ledgerEntries).where(eq(ledgerEntries.transferKey, transferKey));
/** The database's own words for why it refused, whatever wraps the error. */
const refusal = async (work: Promise<unknown>) => {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, 'the write was refused').not.toBeNull();
  const messages: string[] = [];
  for (let e = error as { message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    messages.push(String(e.message));
  }
  return messages.join(' | ');
};

describe('postTransfer', () => {
  it('posts a balanced transfer once, with its header', async () => {
    const k = key();
    expect(await postTransfer(db, { key: k, kind: 'test', legs: legs('a', 'b', 500) })).toBe(true);
    expect((await rows(k)).map((r) => [r.account, r.amount])).toEqual([
      ['a', -500],
      ['b', 500],
    ]);
    const [header] = await db.select().from(transfers).where(eq(transfers.key, k));
    expect(header).toMatchObject({ kind: 'test' });
  });

  it('an identical replay under the same key adds nothing and is no error', async () => {
    const k = key();
    await postTransfer(db, { key: k, kind: 'test', legs: legs('c', 'd', 700) });
    // The same legs in another order are the same transfer.
    expect(await postTransfer(db, { key: k, kind: 'test', legs: legs('c', 'd', 700).reverse() })).toBe(false);
    expect(await rows(k)).toHaveLength(2);
  });

  it('a replay under the same key with other legs is refused and changes nothing', async () => {
    const k = key();
    await postTransfer(db, { key: k, kind: 'test', legs: legs('e', 'f', 700) });
    await expect(postTransfer(db, { key: k, kind: 'test', legs: legs('e', 'f', 900) })).rejects.toBeInstanceOf(
      LedgerConflict,
    );
    await expect(postTransfer(db, { key: k, kind: 'test', legs: legs('e', 'g', 700) })).rejects.toBeInstanceOf(
      LedgerConflict,
    );
    expect((await rows(k)).map((r) => r.amount)).toEqual([-700, 700]);
  });

  it('refuses legs that do not sum to zero before writing anything', async () => {
    const k = key();
    await expect(
      postTransfer(db, {
        key: k,
        kind: 'test',
        legs: [
          { account: 'a', amount: -500 },
          { account: 'b', amount: 400 },
        ],
      }),
    ).rejects.toThrow(/does not balance/);
    expect(await rows(k)).toEqual([]);
  });
});

describe('the database refuses what postTransfer would', () => {
  it('an unbalanced transfer inserted by raw SQL is refused at commit', async () => {
    const k = key();
    const why = await refusal(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into transfers (key, kind, legs_hash) values (${k}, 'raw', 'x')`);
        await tx.execute(
          sql`insert into ledger_entries (transfer_key, account, amount, kind) values (${k}, 'a', -500, 'raw'), (${k}, 'b', 400, 'raw')`,
        );
      }),
    );
    expect(why).toMatch(/does not sum to zero/);
    expect(await rows(k)).toEqual([]);
  });

  it('a partial transfer (one leg of two) is refused at commit', async () => {
    const k = key();
    const why = await refusal(
      db.transaction(async (tx) => {
        await postTransfer(tx, { key: k, kind: 'test', legs: legs('a', 'b', 300) });
        // A later statement in the same transaction adds a leg: the transfer no longer balances.
        await tx.execute(
          sql`insert into ledger_entries (transfer_key, account, amount, kind) values (${k}, 'c', 300, 'raw')`,
        );
      }),
    );
    expect(why).toMatch(/does not sum to zero/);
    expect(await rows(k)).toEqual([]);
  });

  it('legs that balance but differ from the header are refused at commit', async () => {
    const k = key();
    await postTransfer(db, { key: k, kind: 'test', legs: legs('a', 'b', 300) });
    const why = await refusal(
      db.execute(
        sql`insert into ledger_entries (transfer_key, account, amount, kind) values (${k}, 'c', -50, 'raw'), (${k}, 'd', 50, 'raw')`,
      ),
    );
    expect(why).toMatch(/other than those it was posted with/);
    expect(await rows(k)).toHaveLength(2);
  });

  it('an entry with no transfer header is refused', async () => {
    const k = key();
    await refusal(
      db.execute(
        sql`insert into ledger_entries (transfer_key, account, amount, kind) values (${k}, 'a', -5, 'raw'), (${k}, 'b', 5, 'raw')`,
      ),
    );
    expect(await rows(k)).toEqual([]);
  });

  it('an UPDATE of a ledger row is refused', async () => {
    const k = key();
    await postTransfer(db, { key: k, kind: 'test', legs: legs('a', 'b', 100) });
    const why = await refusal(db.execute(sql`update ledger_entries set amount = amount * 2 where transfer_key = ${k}`));
    expect(why).toMatch(/append-only/);
    const why2 = await refusal(db.execute(sql`update transfers set legs_hash = 'x' where key = ${k}`));
    expect(why2).toMatch(/append-only/);
    expect((await rows(k)).map((r) => r.amount)).toEqual([-100, 100]);
  });

  it('a DELETE of a ledger row is refused', async () => {
    const k = key();
    await postTransfer(db, { key: k, kind: 'test', legs: legs('a', 'b', 100) });
    const why = await refusal(db.execute(sql`delete from ledger_entries where transfer_key = ${k}`));
    expect(why).toMatch(/append-only/);
    await refusal(db.execute(sql`delete from transfers where key = ${k}`));
    expect(await rows(k)).toHaveLength(2);
  });
});

describe('the wallet balance is the ledger account', () => {
  it('a wallet balance changed without its ledger transfer is refused at commit', async () => {
    const user = await createUser(db);
    const why = await refusal(db.update(users).set({ walletBalance: 5000 }).where(eq(users.id, user.id)));
    expect(why).toMatch(/disagrees with its ledger account/);
    expect((await db.select().from(users).where(eq(users.id, user.id)))[0].walletBalance).toBe(0);
  });

  it('a wallet ledger transfer without the balance moving is refused at commit', async () => {
    const user = await createUser(db);
    const why = await refusal(
      db.transaction((tx) =>
        postTransfer(tx, { key: key(), kind: 'test', legs: legs('goodwill', `patient_wallet:${user.id}`, 900) }),
      ),
    );
    expect(why).toMatch(/disagrees with its ledger account/);
    expect((await balances(db, [`patient_wallet:${user.id}`])).get(`patient_wallet:${user.id}`)).toBeUndefined();
  });
});
