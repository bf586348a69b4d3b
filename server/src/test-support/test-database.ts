import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { fromPglite, fromPool, PGLITE_EXTENSIONS, type Database } from '../db/client';
import { withDatabase } from './global-setup';

/** Server tests run on PGlite unless this project asks for PostgreSQL (TEST_DB_DRIVER=postgres). */
export const testDriver = process.env.TEST_DB_DRIVER === 'postgres' ? 'postgres' : 'pglite';

let template: Blob | undefined;
const pgliteTemplate = () => (template ??= new Blob([readFileSync(inject('pgliteTemplate'))]));

// The server's types leave out the DOM, where TypeScript declares the WebAssembly global's functions.
const wasm = (globalThis as unknown as { WebAssembly: { compile: (bytes: Uint8Array) => Promise<WebAssembly.Module> } })
  .WebAssembly;

let parts: Promise<Pick<PGliteOptions, 'pgliteWasmModule' | 'initdbWasmModule' | 'fsBundle'>> | undefined;
/**
 * PGlite's WebAssembly modules and file bundle, compiled and read once per worker (workers run many
 * files, decision 053) instead of once per file: some 0.5 s of each file's 2 s start here.
 */
function pgliteParts() {
  parts ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all(
      ['pglite.wasm', 'initdb.wasm'].map((file) => wasm.compile(readFileSync(path.join(dist, file)))),
    );
    return { pgliteWasmModule, initdbWasmModule, fsBundle: new Blob([readFileSync(path.join(dist, 'pglite.data'))]) };
  })();
  return parts;
}

/** A fresh, migrated database for one test file, copied from the template made in global setup. */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  if (testDriver === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const template = inject('postgresTemplate');
    const name = `medora_t${randomBytes(4).toString('hex')}_${template.split('_').pop()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    // FILE_COPY copies the template's files; PostgreSQL 15's default (WAL_LOG) writes each of its
    // pages to the log, some 0.5 s more per test file. Older servers know only the first.
    const { rows } = await admin.query<{ v: number }>(`select current_setting('server_version_num')::int as v`);
    await admin.query(
      `create database ${name} template ${template}${rows[0].v >= 150000 ? ' strategy file_copy' : ''}`,
    );
    await admin.end();
    const dbUrl = withDatabase(url, name);
    const database = fromPool(new pg.Pool({ connectionString: dbUrl, max: 10 }));
    const close = database.close;
    return {
      ...database,
      url: dbUrl,
      close: async () => {
        await close();
        const cleanup = new pg.Client({ connectionString: url });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      },
    };
  }
  const client = new PGlite({ loadDataDir: pgliteTemplate(), extensions: PGLITE_EXTENSIONS, ...(await pgliteParts()) });
  await client.waitReady;
  return fromPglite(client);
}
