import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../db/client';
import { ledgerEntries, transfers, users } from '../../db/schema';
import { createPayment, createUser } from '../../db/factories';
import { createTestDatabase } from '../../test-support/test-database';
import { balances, LedgerConflict, postTransfer, transfer } from './ledger';
import { refusal } from '../../test-support/refusal';

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
    const conflict = postTransfer(db, { key: k, kind: 'test', legs: legs('e', 'f', 900) });
    await expect(conflict).rejects.toBeInstanceOf(LedgerConflict);
    // The log line names the transfer, so the bug can be found.
    await expect(conflict).rejects.toThrow(`ledger transfer ${k} was posted with other legs`);
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

describe('postTransfer: the legs it is given', () => {
  it('leaves zero legs out, and keeps the payment and kind on every leg', async () => {
    const k = key();
    const patient = await createUser(db);
    const payment = await createPayment(db, {
      patientId: patient.id,
      purpose: 'specialty',
      amount: 250,
      status: 'requires_payment_method',
    });
    expect(
      await postTransfer(db, {
        key: k,
        kind: 'zero-legs',
        paymentId: payment.id,
        legs: [
          { account: 'a', amount: -250 },
          { account: 'idle', amount: 0 },
          { account: 'b', amount: 250 },
        ],
      }),
    ).toBe(true);
    const posted = await rows(k);
    expect(posted.map((r) => [r.account, r.amount, r.kind, r.paymentId])).toEqual([
      ['a', -250, 'zero-legs', payment.id],
      ['b', 250, 'zero-legs', payment.id],
    ]);
  });

  it('a transfer of nothing writes nothing, not even its header', async () => {
    const k = key();
    expect(await postTransfer(db, { key: k, kind: 'test', legs: legs('a', 'b', 0) })).toBe(false);
    expect(await postTransfer(db, { key: k, kind: 'test', legs: [] })).toBe(false);
    expect(await db.select().from(transfers).where(eq(transfers.key, k))).toEqual([]);
    // The key is still free for the real movement.
    expect(await postTransfer(db, { key: k, kind: 'test', legs: legs('a', 'b', 1) })).toBe(true);
  });

  it('a single leg does not balance and is refused', async () => {
    const k = key();
    await expect(postTransfer(db, { key: k, kind: 'test', legs: [{ account: 'a', amount: 500 }] })).rejects.toThrow(
      /does not balance \(500\)/,
    );
    expect(await db.select().from(transfers).where(eq(transfers.key, k))).toEqual([]);
  });

  it('refuses amounts that are not whole cents, even when they balance', async () => {
    const k = key();
    await expect(postTransfer(db, { key: k, kind: 'test', legs: legs('a', 'b', 0.5) })).rejects.toThrow(/not cents/);
    await expect(postTransfer(db, { key: k, kind: 'test', legs: legs('a', 'b', 2 ** 60) })).rejects.toThrow(
      /not cents/,
    );
    expect(await db.select().from(transfers).where(eq(transfers.key, k))).toEqual([]);
  });

  it('transfer moves the amount from one account to the other', async () => {
    const k = key();
    const [from, to] = [`from:${randomUUID()}`, `to:${randomUUID()}`];
    expect(await transfer(db, { key: k, kind: 'move', from, to, amount: 1234 })).toBe(true);
    expect(Object.fromEntries(await balances(db, [from, to]))).toEqual({ [from]: -1234, [to]: 1234 });
  });

  it('balances sums each account named and only those; with none named, every account', async () => {
    const [x, y, z] = [`x:${randomUUID()}`, `y:${randomUUID()}`, `z:${randomUUID()}`];
    await postTransfer(db, { key: key(), kind: 'test', legs: legs(x, y, 300) });
    await postTransfer(db, { key: key(), kind: 'test', legs: legs(y, z, 100) });
    expect(Object.fromEntries(await balances(db, [x, y]))).toEqual({ [x]: -300, [y]: 200 });
    const all = await balances(db);
    expect([all.get(x), all.get(y), all.get(z)]).toEqual([-300, 200, 100]);
    expect([...all.values()].reduce((sum, n) => sum + n, 0)).toBe(0);
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
