import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PgTransaction, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { multiHostClient, splitHosts } from './multi-host';
import { nameStatements } from './named-statements';
import { queryThroughCheckout, releaseWhenCut } from './pool-query';
import { dropOnReadTimeout } from './read-timeout';
import * as schema from './schema';

export type Schema = typeof schema;
/** Both drivers share the PgDatabase API, so services never know which one they run on. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DbDriver = 'pglite' | 'postgres';

/**
 * Independent reads, overlapped on the pool; one after another inside a transaction, whose one
 * connection runs a query at a time anyway (node-postgres warns, and pg 9 refuses, otherwise).
 */
export async function readTogether<T extends readonly unknown[]>(
  db: Db,
  reads: { [K in keyof T]: () => Promise<T[K]> },
): Promise<T> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as unknown as T;
}

/**
 * PostgreSQL's default 128 MB of shared buffers is allocated inside PGlite's WebAssembly memory and
 * stays resident for the life of the process; the embedded database is a few dozen megabytes and
 * the operating system caches its files anyway, so a small buffer pool costs little speed.
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/** Trigram indexes serve place-name search; PGlite ships the extension but loads it only on request. */
export const PGLITE_EXTENSIONS = { pg_trgm };

export type Database = {
  db: Db;
  driver: DbDriver;
  /** Raw SQL for the few places drizzle's builder does not fit (health, LISTEN/NOTIFY). */
  ping: () => Promise<boolean>;
  close: () => Promise<void>;
  pglite?: PGlite;
  pool?: pg.Pool;
};

export function fromPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    pglite: client,
    ping: async () => {
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

export function fromPool(pool: pg.Pool): Database {
  // An idle client's error (server restart, terminated connection) must not crash the process;
  // the next query reports it.
  pool.on('error', () => {});
  // A checked-out client (a transaction between statements, the bus's LISTEN connection) has no
  // pool listener; when PostgreSQL restarts, its connection reports the cut as an 'error' event,
  // which unheard would crash the process. Its queries fail on their own; the pool drops it on release.
  pool.on('connect', (client) => {
    client.on('error', () => {});
    nameStatements(client);
    dropOnReadTimeout(client);
  });
  queryThroughCheckout(pool);
  releaseWhenCut(pool);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    driver: 'postgres',
    pool,
    ping: async () => {
      try {
        await pool.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close: () => pool.end(),
  };
}

/**
 * The working set of a marketplace this size lives in memory, where a random page costs about
 * what a sequential one does. With PostgreSQL's disk-era default (4) the planner reads a whole
 * table rather than fetch a thousand scattered matches of a trigram search, which is ten times
 * slower here. It is set per connection, so it holds whatever the server's defaults are.
 */
const PLANNER_OPTIONS = '-c random_page_cost=1.1';

/**
 * Bounds on waiting for PostgreSQL. While it restarts, a request must fail fast with 503 (the error
 * handler) rather than hang: a new connection gets `connect` ms, a statement `query` ms. A machine
 * that vanishes without a word (power or network lost) leaves its connections silent: a statement
 * in flight on one waits out `query` (then the connection is dropped, read-timeout.ts), an idle
 * one is found dead by TCP keep-alive `keepAlive` ms after its last word plus ten probes a second
 * apart (libuv's). So `query` is what one such request may hang: 10 s, under the 15 s a client
 * waits and well over the slowest statement a request runs (the soak's p99 writes take 0.2 s).
 * Migrations get their own connection and bound (migrate.ts). An idle connection lives `idle` ms:
 * the pool hands out its most recent connection first, so at pg's default of 10 s the deeper ones
 * closed and reopened under steady load (3 a minute in the 200 req/s soak), each new backend
 * planning every statement afresh on cold catalogue caches (the patient's list 5 ms a plan
 * instead of 0.3).
 */
export const POOL_TIMEOUTS = { connectMs: 3_000, queryMs: 10_000, keepAliveMs: 5_000, idleMs: 300_000 };

export function poolOptions(connectionString: string, max: number): pg.PoolConfig {
  // A primary and its standby (`a:5432,b:5432/medora?target_session_attrs=read-write`): see multi-host.ts.
  const multi = splitHosts(connectionString);
  return {
    connectionString: multi ? multi.urls[0] : connectionString,
    ...(multi ? { Client: multiHostClient(multi.urls, multi.readWrite) } : {}),
    max,
    options: PLANNER_OPTIONS,
    connectionTimeoutMillis: POOL_TIMEOUTS.connectMs,
    query_timeout: POOL_TIMEOUTS.queryMs,
    idleTimeoutMillis: POOL_TIMEOUTS.idleMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: POOL_TIMEOUTS.keepAliveMs,
  };
}

export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
}): Promise<Database> {
  if (opts.databaseUrl) {
    return fromPool(new pg.Pool(poolOptions(opts.databaseUrl, opts.poolSize ?? 10)));
  }
  const dir = path.resolve(opts.dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, { extensions: PGLITE_EXTENSIONS, startParams: PGLITE_START_PARAMS });
  return fromPglite(client);
}
