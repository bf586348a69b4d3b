import v8 from 'node:v8';
import vm from 'node:vm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDriver } from '../test-support/test-database';
import type { Database } from './client';
import { queryThroughCheckout } from './pool-query';

// A collection on demand, to see what the heap still holds.
v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc') as () => void;

async function collected(ref: WeakRef<object>): Promise<boolean> {
  for (let i = 0; i < 5 && ref.deref(); i++) {
    // A WeakRef's target is kept to the end of the job that read it.
    await new Promise((resolve) => setImmediate(resolve));
    collect();
  }
  return ref.deref() === undefined;
}

describe.skipIf(testDriver !== 'postgres')('pool.query on PostgreSQL', () => {
  let database: Database;
  let pool: pg.Pool;
  beforeAll(async () => {
    database = await createTestDatabase();
    pool = database.pool!;
  });
  afterAll(() => database.close());

  /** A new pool's first connection's first reply, and whether the heap lets it go. */
  async function firstReplyCollected(checkout: boolean): Promise<boolean> {
    const fresh = new pg.Pool({ connectionString: (database as { url?: string }).url, max: 1 });
    if (checkout) queryThroughCheckout(fresh);
    // Only a weak reference leaves this function: the test itself holds nothing.
    const read = async () => {
      const reply = await fresh.query<{ n: number }>('select 2 as n');
      expect(reply.rows).toEqual([{ n: 2 }]);
      return new WeakRef(reply);
    };
    try {
      return await collected(await read());
    } finally {
      await fresh.end();
    }
  }

  it('keeps no reply alive once it is read, not even a new connection’s first', async () => {
    expect(await firstReplyCollected(true)).toBe(true);
  });

  // What the checkout works around (pg 8.23): when this fails, pg no longer keeps the reply and
  // queryThroughCheckout can go.
  it('pg-pool’s own query() keeps it for the life of the connection', async () => {
    expect(await firstReplyCollected(false)).toBe(false);
  });

  it('gives the connection back after a reply and after an error, and the pool goes on', async () => {
    await expect(pool.query('select no_such_column from doctors')).rejects.toThrow(/no_such_column/);
    expect(pool.waitingCount).toBe(0);
    expect(pool.totalCount).toBe(pool.idleCount);
    const { rows } = await pool.query<{ n: number }>('select $1::int as n', [7]);
    expect(rows).toEqual([{ n: 7 }]);
    expect(pool.totalCount).toBe(pool.idleCount);
  });

  it('still answers the callback form', async () => {
    const rows = await new Promise((resolve, reject) =>
      pool.query('select 3 as n', (error, result) => (error ? reject(error) : resolve(result.rows))),
    );
    expect(rows).toEqual([{ n: 3 }]);
  });
});
