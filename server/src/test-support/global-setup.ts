import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { fromPglite, fromPool, PGLITE_EXTENSIONS } from '../db/client';
import { runMigrations } from '../db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

/**
 * Migrating a new database takes seconds; doing it once and copying the result per test file
 * takes a fraction of that. PGlite: a data-dir tarball. PostgreSQL: a template database.
 */
export default async function setup(project: TestProject) {
  // Each project makes only its own driver's template: the PostgreSQL project never opens PGlite
  // (and the other way round), and migrating a template costs seconds of a CI run.
  const driver = project.config.env?.TEST_DB_DRIVER === 'postgres' ? 'postgres' : 'pglite';
  const dir = mkdtempSync(path.join(tmpdir(), 'medora-test-'));
  let file = '';
  if (driver === 'pglite') {
    const pglite = new PGlite({ extensions: PGLITE_EXTENSIONS });
    await runMigrations(fromPglite(pglite));
    const dump = await pglite.dumpDataDir('gzip');
    await pglite.close();
    file = path.join(dir, 'template.tar.gz');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  }
  project.provide('pgliteTemplate', file);

  const url = process.env.TEST_DATABASE_URL;
  let templateName = '';
  if (url && driver === 'postgres') {
    templateName = `medora_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${templateName}`);
    await admin.query(`create database ${templateName}`);
    await admin.end();
    const pool = new pg.Pool({ connectionString: withDatabase(url, templateName), max: 1 });
    await runMigrations(fromPool(pool));
    await pool.end();
  }
  project.provide('postgresTemplate', templateName);

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (url && templateName) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const { rows } = await admin.query<{ datname: string }>(
        // Exact suffix: one process id can be the prefix of another's (957 vs 9579).
        `select datname from pg_database where datname ~ $1 or datname = $2`,
        [`^medora_t[0-9a-f]{8}_${process.pid}$`, templateName],
      );
      for (const row of rows) await admin.query(`drop database if exists ${row.datname} with (force)`);
      await admin.end();
    }
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
