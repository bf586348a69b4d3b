import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../db/client';
import { earnings } from '../db/schema';

/** For every doctor: payouts + available + pending = net of all unreversed earnings; net + commission = gross. */
export async function expectLedgerInvariant(db: Db) {
  const perEarning = await db.select().from(earnings);
  for (const e of perEarning) expect(e.netEarnings + e.platformCommission).toBe(e.grossAmount);
  const net = (filter: ReturnType<typeof sql>) =>
    sql<number>`coalesce(sum(${earnings.netEarnings}) filter (where ${filter}), 0)::int`;
  const list = await db
    .select({
      doctorId: earnings.doctorId,
      net: net(sql`${earnings.status} <> 'reversed'`),
      pending: net(sql`${earnings.status} = 'pending'`),
      available: net(sql`${earnings.status} = 'available'`),
      paidOut: sql<number>`coalesce((select sum(p.amount) from payouts p where p.doctor_id = earnings.doctor_id and p.status <> 'failed'), 0)::int`,
    })
    .from(earnings)
    .groupBy(earnings.doctorId);
  expect(list.length).toBeGreaterThan(0);
  for (const r of list) expect(r.paidOut + r.available + r.pending).toBe(r.net);
}
