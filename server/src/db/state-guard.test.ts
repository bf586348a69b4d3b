// The only-writer rule used to be a regex over the source (scripts/check-status-writers.mjs), which
// five ordinary ways of writing a status walked past. Each of them now meets the database's own
// guard: an UPDATE whose move is not in the aggregate's move table is refused, whoever writes it.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stateRows } from '../test-support/state-rows';
import { createTestDatabase } from '../test-support/test-database';
import type { Database } from './client';
import { isIllegalMove } from './errors';
import * as schema from './schema';
import { earnings, jobs as queue, payments, referrals, users } from './schema';

let database: Database;
let rows: Awaited<ReturnType<typeof stateRows>>;
beforeAll(async () => {
  database = await createTestDatabase();
  rows = await stateRows(database.db);
});
afterAll(() => database.close());

async function refused(write: PromiseLike<unknown>) {
  const error = await Promise.resolve(write).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, 'the database accepted an illegal move').not.toBeNull();
  expect(isIllegalMove(error), String(error)).toBe(true);
  return error;
}

describe('an illegal move is refused by the database, however it is written', () => {
  it('a drizzle sql template: a completed appointment back to pending', async () => {
    const db = database.db;
    await refused(db.execute(sql`update appointments set status = 'pending' where id = ${rows.appointments}`));
    const [row] = await db.select().from(schema.appointments).where(eq(schema.appointments.id, rows.appointments));
    expect(row.status).toBe('completed');
  });

  it('a namespace import: a succeeded payment back to an open intent', async () => {
    await refused(
      database.db
        .update(schema.payments)
        .set({ status: 'requires_payment_method' })
        .where(eq(schema.payments.id, rows.payments)),
    );
    const [row] = await database.db.select().from(payments).where(eq(payments.id, rows.payments));
    expect(row.status).toBe('succeeded');
  });

  it('an alias: a finished job back to running', async () => {
    await refused(database.db.update(queue).set({ status: 'running' }).where(eq(queue.id, rows.jobs)));
  });

  it('values from a variable: a paid earning back to pending', async () => {
    const status = 'pending' as const;
    await refused(database.db.update(earnings).set({ status }).where(eq(earnings.id, rows.earnings)));
    const [row] = await database.db.select().from(earnings).where(eq(earnings.id, rows.earnings));
    expect(row.status).toBe('paid');
  });

  it('a set object built beforehand: a rewarded referral back to held', async () => {
    const change: Partial<typeof referrals.$inferInsert> = {};
    change.status = 'held';
    await refused(database.db.update(referrals).set(change).where(eq(referrals.id, rows.referrals)));
  });

  it('the error names the column and the move, and nothing else changed with it', async () => {
    const error = await refused(
      database.db.execute(
        sql`update report_purchases set status = 'pending', amount = 1 where id = ${rows.report_purchases}`,
      ),
    );
    expect(String((error as { cause?: unknown }).cause ?? error)).toMatch(/report_purchases\.status.*paid.*pending/);
    const { rows: left } = (await database.db.execute(
      sql`select amount from report_purchases where id = ${rows.report_purchases}`,
    )) as unknown as { rows: { amount: number }[] };
    expect(left[0].amount).toBe(4900);
  });

  it('a legal move, and a write that leaves the state as it is, still go through', async () => {
    await database.db.update(users).set({ isActive: false }).where(eq(users.id, rows.users));
    await database.db
      .update(payments)
      .set({ status: 'succeeded', updatedAt: new Date() })
      .where(eq(payments.id, rows.payments));
    const [row] = await database.db.select().from(users).where(eq(users.id, rows.users));
    expect(row.isActive).toBe(false);
  });
});
