import { readFileSync } from 'node:fs';
import path from 'node:path';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { fromRoot } from '../core/paths';
import { STATE_MACHINES } from '../state-machines';
import type { Database } from './client';
import { rowsOf } from './rows';
import { syncStateTransitions } from './state-transitions';

export const MIGRATIONS_FOLDER = fromRoot('migrations');

/**
 * Applies this build's migrations, then writes its move tables into `state_transitions` (decision
 * 071): whoever migrates (`npm run migrate`, a start with MIGRATE_ON_START, the seed, the tests'
 * template) leaves the database guarding exactly the moves of the release it migrated to.
 */
export async function runMigrations(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (database.driver === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, config);
    await syncStateTransitions(database.db, STATE_MACHINES);
  } else {
    // Instances started together must not migrate at once (both would create the same tables):
    // the first holds a session advisory lock while it migrates, the others wait and then find
    // nothing left to do.
    // Migrated over the lock's own connection, outside the pool: a schema change on a large table
    // may run for minutes, past the pool's bound on a request's statement (client.ts).
    const { Client = pg.Client, ...options } = database.pool!.options;
    const lockHolder = new Client({ ...options, query_timeout: MIGRATION_QUERY_MS }) as pg.Client;
    lockHolder.on('error', () => {});
    await lockHolder.connect();
    try {
      await lockHolder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      const db = drizzlePg(lockHolder);
      await migratePg(db, config);
      await syncStateTransitions(db, STATE_MACHINES);
    } finally {
      await lockHolder.end().catch(() => {});
    }
  }
}

/** How long one migration statement (or the wait for another instance's lock) may take. */
const MIGRATION_QUERY_MS = 60 * 60_000;

/** Any constant of ours; the same in every instance. */
const MIGRATION_LOCK = 7_310_016;

/** When the newest migration of this build was generated: drizzle records it as `created_at` once applied. */
function newestMigrationMillis(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

/**
 * Whether the database has every migration this build ships: another instance may still be
 * migrating it, or an older build may have migrated it. False when it cannot tell (no table yet).
 */
export async function migrationsApplied(database: Database): Promise<boolean> {
  try {
    const result = await database.db.execute(
      sql`select coalesce(max(created_at), 0)::text as newest from drizzle.__drizzle_migrations`,
    );
    const newest = Number(rowsOf<{ newest: string }>(result)[0]?.newest ?? 0);
    return newest >= newestMigrationMillis();
  } catch {
    return false;
  }
}
