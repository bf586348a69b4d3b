import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '../test-support/test-database';
import { readTogether, type Db } from './client';

let t: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.close());

function reads(order: string[]) {
  return [
    async () => {
      order.push('a starts');
      await delay(30);
      order.push('a ends');
      return 1;
    },
    async () => {
      order.push('b starts');
      return 'two';
    },
  ] as const;
}

it('overlaps reads on the pool and keeps their order in the answer', async () => {
  const order: string[] = [];
  expect(await readTogether(t.db, reads(order))).toEqual([1, 'two']);
  expect(order).toEqual(['a starts', 'b starts', 'a ends']);
});

it('runs them one after another on a transaction, whose one connection takes a query at a time', async () => {
  const order: string[] = [];
  const result = await t.db.transaction((tx) => readTogether(tx as unknown as Db, reads(order)));
  expect(result).toEqual([1, 'two']);
  expect(order).toEqual(['a starts', 'a ends', 'b starts']);
});
