import { lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimitCounters } from '../db/schema';

export type CounterState = { hits: number; resetAt: Date };

/**
 * Counts one hit against `key` in a fixed window and answers the count so far. One statement,
 * so concurrent hits from any number of instances are serialised by the row lock and none is
 * lost; a window that has run out starts again at 1.
 */
export async function countHit(db: Db, key: string, windowMs: number, now: Date): Promise<CounterState> {
  const resetAt = new Date(now.getTime() + windowMs);
  const expired = sql`${rateLimitCounters.resetAt} <= ${now.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, hits: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${rateLimitCounters.hits} + 1 end`,
        resetAt: sql`case when ${expired} then excluded.reset_at else ${rateLimitCounters.resetAt} end`,
      },
    })
    .returning({ hits: rateLimitCounters.hits, resetAt: rateLimitCounters.resetAt });
  return row;
}

export async function clearCounter(db: Db, key: string): Promise<void> {
  await db.delete(rateLimitCounters).where(sql`${rateLimitCounters.key} = ${key}`);
}

/** Windows that ended are no longer read by anyone; their rows only take space. */
export async function purgeExpiredCounters(db: Db, now: Date): Promise<number> {
  const rows = await db
    .delete(rateLimitCounters)
    .where(lte(rateLimitCounters.resetAt, now))
    .returning({ key: rateLimitCounters.key });
  return rows.length;
}
