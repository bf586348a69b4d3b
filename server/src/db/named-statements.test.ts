import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDriver } from '../test-support/test-database';
import { fromPool, type Database } from './client';
import { NAMED_STATEMENT_LIMITS } from './named-statements';
import { platformSettings } from './schema';

// The driver's reply, as node-postgres gives it (drizzle types it per driver as unknown).
const firstRow = (reply: unknown) => (reply as { rows: unknown[] }).rows[0];

describe.skipIf(testDriver !== 'postgres')('named prepared statements on PostgreSQL', () => {
  let setup: Database & { url?: string };
  let one: Database;
  const limits = { ...NAMED_STATEMENT_LIMITS };

  beforeAll(async () => {
    setup = await createTestDatabase();
    // One connection, so that what it has prepared can be read back on it.
    one = fromPool(new pg.Pool({ connectionString: setup.url, max: 1 }));
  });
  afterAll(async () => {
    await one.close();
    await setup.close();
  });
  afterEach(() => Object.assign(NAMED_STATEMENT_LIMITS, limits));

  const preparedOnConnection = async () =>
    (await one.pool!.query<{ name: string; statement: string }>('select name, statement from pg_prepared_statements'))
      .rows;

  it('prepares a parameterised statement once and answers each call with its own values', async () => {
    const plusOne = (n: number) => one.db.execute(sql`select ${n}::int + 1 as n /* plus one */`);
    const answers = [];
    for (const n of [1, 2, 3, 40]) answers.push(firstRow(await plusOne(n)));
    expect(answers).toEqual([{ n: 2 }, { n: 3 }, { n: 4 }, { n: 41 }]);
    const mine = (await preparedOnConnection()).filter((p) => p.statement.includes('plus one'));
    expect(mine).toHaveLength(1);
    expect(mine[0].name).toMatch(/^medora_\d+$/);
  });

  it('leaves statements without parameters unnamed', async () => {
    await one.db.execute(sql`select 5 as n /* no parameters */`);
    expect((await preparedOnConnection()).some((p) => p.statement.includes('no parameters'))).toBe(false);
  });

  it('reads rows through drizzle as before, in and out of a transaction', async () => {
    const read = (db: Database['db']) =>
      db
        .select({ id: platformSettings.id, fee: platformSettings.platformFeePercent })
        .from(platformSettings)
        .where(eq(platformSettings.id, 1));
    const outside = await read(one.db);
    const inside = await one.db.transaction((tx) => read(tx));
    expect(outside).toHaveLength(1);
    expect(inside).toEqual(outside);
  });

  it('stops naming on a connection at its limit, and every statement still answers', async () => {
    NAMED_STATEMENT_LIMITS.perConnection = (await preparedOnConnection()).length + 2;
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push(firstRow(await one.db.execute(sql`select ${7}::int * ${sql.raw(String(i))} as n`)));
    expect(answers).toEqual([0, 7, 14, 21, 28].map((n) => ({ n })));
    const named = (await preparedOnConnection()).filter((p) => /select \$1::int \* \d as n/.test(p.statement));
    expect(named).toHaveLength(2);
  });

  it('recovers a statement first sent inside a transaction that had already failed', async () => {
    const client = await one.pool!.connect();
    try {
      await client.query('begin');
      await expect(client.query('select no_such_column from users')).rejects.toThrow(/no_such_column/);
      await expect(client.query('select $1::int as n /* after abort */', [8])).rejects.toThrow(/aborted/);
      await client.query('rollback');
      const { rows } = await client.query('select $1::int as n /* after abort */', [9]);
      expect(rows).toEqual([{ n: 9 }]);
    } finally {
      client.release();
    }
  });

  it('answers a statement with a mistake with the mistake, every time', async () => {
    for (let i = 0; i < 2; i++) {
      await expect(one.pool!.query('select $1::int + no_such_column as n', [1])).rejects.toThrow(/no_such_column/);
    }
    expect((await one.pool!.query('select $1::int as n', [4])).rows).toEqual([{ n: 4 }]);
  });

  it('keeps a name the caller gave', async () => {
    const statement = one.db
      .select({ id: platformSettings.id })
      .from(platformSettings)
      .where(eq(platformSettings.id, sql.placeholder('id')))
      .prepare('settings_by_id');
    expect(await statement.execute({ id: 1 })).toEqual([{ id: 1 }]);
    expect((await preparedOnConnection()).map((p) => p.name)).toContain('settings_by_id');
  });
});
