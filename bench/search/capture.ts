import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { doctorSearchQuerySchema } from '../../common/schemas/doctors';
import type { Db } from '../../server/src/db/client';
import * as schema from '../../server/src/db/schema';
import { readVocabulary, searchDoctors } from '../../server/src/modules/doctors/service';
import type { BenchQuery } from './queries';

export type Statement = { sql: string; params: unknown[] };

/**
 * Runs each search once through the real service with a logging driver and keeps the exact SQL
 * and parameters it sent (free-text lookup included), so the raw side runs the same work.
 */
export async function captureStatements(url: string, mix: BenchQuery[]): Promise<Statement[][]> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  let log: Statement[] = [];
  const db = drizzle(pool, {
    schema,
    logger: { logQuery: (sql, params) => log.push({ sql, params }) },
  }) as unknown as Db;
  // Read once, as the app's directory cache does between changes.
  const read = readVocabulary(db);
  const [places, countries, schedules] = [read.places(), read.countries(), read.schedules()];
  const vocabulary = { places: () => places, countries: () => countries, schedules: () => schedules };
  await Promise.all([places, countries, schedules]);
  const all: Statement[][] = [];
  for (const { query, pages = 1 } of mix) {
    let cursor: string | undefined;
    for (let page = 1; page <= pages; page++) {
      log = [];
      const result = await searchDoctors(db, doctorSearchQuerySchema.parse({ ...query, cursor }), vocabulary);
      cursor = result.nextCursor ?? undefined;
    }
    all.push(log);
  }
  await pool.end();
  return all;
}
