import { sql } from 'drizzle-orm';
import type { Page } from '@common/schemas/admin';
import type { Db } from '../../db/client';

/**
 * Counting every row of an unsearched list of 100,000 costs more than the page itself, so the
 * count stops at TOTAL_CAP and the screen says "1,000+" (searches count their matches exactly).
 */
export const TOTAL_CAP = 1_000;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any drizzle select; only its row count is read
type Limitable = { limit(n: number): { as(alias: string): any } };

/** Counts the rows a `select … from … where …` query returns, up to the cap. */
export async function cappedCount(db: Db, query: Limitable): Promise<{ total: number; totalCapped: boolean }> {
  const capped = query.limit(TOTAL_CAP + 1).as('capped');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
  const n = Number(row?.n ?? 0);
  return { total: Math.min(n, TOTAL_CAP), totalCapped: n > TOTAL_CAP };
}

export function pageOf<T>(
  items: T[],
  count: { total: number; totalCapped: boolean },
  page: number,
  pageSize: number,
): Page<T> {
  return { items, ...count, page, pageSize };
}

export const offsetOf = (page: number, pageSize: number) => (page - 1) * pageSize;
