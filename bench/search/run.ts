/**
 * Doctor search at 100,000 doctors.
 *   npm run bench:search [-- --reuse] [-- --duration 30] [-- --connections 64] [-- --uncached]
 * Creates (or reuses) the database `medora_bench_search` on BENCH_PG_URL (default
 * postgres://postgres@127.0.0.1:54330), seeds it with `npm run seed -- --doctors 100000`, starts
 * the app on BENCH_PORT (default 5400), drives GET /api/doctors/search with the query mix for the
 * duration at the given concurrency (autocannon), then runs the very same SQL statements straight
 * through `pg` with the same pool size and concurrency, and prints both with the API ÷ SQL ratio.
 * With --uncached it sends the long tail instead (long-tail.ts: every search distinct, so each
 * one misses the directory cache) and prints the API side only.
 * With --availability it measures the availability filters and the soonest sort (decision 025),
 * one row each, cached (queries.ts AVAILABILITY_ROWS, repeated) and uncached (the long tail with
 * that filter or sort and a visitor's zone set, every search distinct); `--only sort=soonest` runs one row.
 * With --uncached --churn 5 a doctor's row is updated 5 times a second during the run, as profile
 * edits and reviews would, so the in-memory index (decision 030) is stale most of the time.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { seededDatabase } from '../support/seeded-database';
import { printTable, summarize, type Summary } from './stats';
import { AVAILABILITY_ROWS, QUERY_MIX } from './queries';
import { captureStatements, type Statement } from './capture';
import { longTailPaths } from './long-tail';
import { cpuSeconds } from './cpu';

const root = path.resolve(import.meta.dirname, '../..');
const { values: args } = parseArgs({
  options: {
    reuse: { type: 'boolean', default: false },
    duration: { type: 'string', default: '30' },
    connections: { type: 'string', default: '64' },
    doctors: { type: 'string', default: '100000' },
    uncached: { type: 'boolean', default: false },
    availability: { type: 'boolean', default: false },
    only: { type: 'string' },
    churn: { type: 'string', default: '0' },
  },
});
const duration = Number(args.duration);
const connections = Number(args.connections);
const doctorCount = Number(args.doctors);
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:54330/postgres';
const dbName = 'medora_bench_search';
const dbUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
const port = Number(process.env.BENCH_PORT ?? 5400);
const poolSize = 10; // the app's default DB_POOL_SIZE; the raw side uses the same

async function prepareDatabase() {
  await seededDatabase({
    adminUrl,
    dbName,
    doctorCount,
    reuse: Boolean(args.reuse),
    afterSeed: async (db) => {
      // Real directories have doctors awaiting verification or paused; the search must skip them.
      await db.query(
        `update doctors set is_verified = false where id in (select id from doctors order by md5(id::text) limit ${Math.floor(doctorCount * 0.04)})`,
      );
      await db.query(
        `update doctors set is_active = false where id in (select id from doctors order by md5(id::text) desc limit ${Math.floor(doctorCount * 0.02)})`,
      );
      await db.query('vacuum analyze');
    },
  });
}

let appPid = 0;

async function startApp(): Promise<() => void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/search/api-server.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      DATABASE_URL: dbUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      // Migrates its own database at start (a production deploy runs `npm run migrate` first).
      MIGRATE_ON_START: 'true',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      DB_POOL_SIZE: String(poolSize),
    },
  });
  appPid = child.pid ?? 0;
  for (let i = 0; i < 120; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return () => child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill('SIGTERM');
  throw new Error('the app did not start');
}

async function apiPaths(): Promise<string[]> {
  const paths: string[] = [];
  for (const { query, pages = 1 } of QUERY_MIX) {
    let cursor: string | null = null;
    for (let page = 1; page < pages; page++) {
      const res: Response = await fetch(
        `http://127.0.0.1:${port}/api/doctors/search?${new URLSearchParams({ ...query, ...(cursor ? { cursor } : {}) })}`,
      );
      cursor = res.headers.get('x-next-cursor');
    }
    paths.push(`/api/doctors/search?${new URLSearchParams({ ...query, ...(cursor ? { cursor } : {}) })}`);
  }
  return paths;
}

async function benchApi(paths: string[]) {
  const latencies: number[] = [];
  let next = 0;
  let errors = 0;
  const instance = autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }) }],
  });
  instance.on('response', (_client, status, _bytes, ms) => (status === 200 ? latencies.push(ms) : errors++));
  const result = await instance;
  return summarize(latencies, duration, errors + result.errors);
}

async function benchSql(statements: Statement[][]) {
  const pool = new pg.Pool({ connectionString: dbUrl, max: poolSize });
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const stopAt = performance.now() + duration * 1000;
  const worker = async () => {
    while (performance.now() < stopAt) {
      const request = statements[next++ % statements.length];
      const started = performance.now();
      try {
        for (const s of request) await pool.query(s.sql, s.params);
        latencies.push(performance.now() - started);
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  await pool.end();
  return summarize(latencies, duration, errors);
}

/** Each path once, in order; a run that outlasts them fails rather than start hitting the cache. */
async function benchLongTail(paths: string[]) {
  const latencies: number[] = [];
  let next = 0;
  let errors = 0;
  const instance = autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[next++] ?? '/exhausted' }) }],
  });
  instance.on('response', (_client, status, _bytes, ms) => (status === 200 ? latencies.push(ms) : errors++));
  const result = await instance;
  if (next > paths.length) throw new Error(`the long tail ran out after ${paths.length} searches; raise its size`);
  return summarize(latencies, duration, errors + result.errors);
}

async function uncached() {
  const paths = await longTailPaths(dbUrl, 60_000 + duration * 2_000);
  const stop = await startApp();
  try {
    // Warm the app (JIT, pool, prepared shapes) on searches that are not in the measured tail.
    for (const p of await longTailPaths(dbUrl, 400, 1)) await fetch(`http://127.0.0.1:${port}${p}`);
    console.log(`Uncached long tail: ${connections} connections for ${duration} s, ${paths.length} distinct searches…`);
    const before = { app: cpuSeconds({ pid: appPid }), pg: cpuSeconds({ database: dbName }) };
    const stopChurn = churn(Number(args.churn));
    const api = await benchLongTail(paths);
    const edits = await stopChurn();
    if (edits) console.log(`${edits} doctor edits during the run`);
    const app = cpuSeconds({ pid: appPid }) - before.app;
    const postgres = cpuSeconds({ database: dbName }) - before.pg;
    printTable([['API long tail (uncached)', api]]);
    console.log(
      `CPU during the run: app ${app.toFixed(1)} s, PostgreSQL ${postgres.toFixed(1)} s (${(postgres / app).toFixed(2)}×); per request app ${((app * 1000) / api.requests).toFixed(2)} ms, PostgreSQL ${((postgres * 1000) / api.requests).toFixed(2)} ms`,
    );
  } finally {
    stop();
  }
}

/** Touches a random listed doctor `perSecond` times a second until stopped; resolves to the count. */
function churn(perSecond: number): () => Promise<number> {
  if (!perSecond) return async () => 0;
  const client = new pg.Client({ connectionString: dbUrl });
  let edits = 0;
  // Each edit waits for the one before, so stopping can wait for the last before closing.
  let last: Promise<unknown> = client.connect();
  const timer = setInterval(() => {
    last = last
      .then(() =>
        client.query(
          `update doctors set updated_at = now() where id = (select id from doctors where is_verified and is_active offset floor(random() * 1000) limit 1)`,
        ),
      )
      .then(() => edits++);
  }, 1000 / perSecond);
  return async () => {
    clearInterval(timer);
    await last;
    await client.end();
    return edits;
  };
}

const ZONES = ['Europe/London', 'America/New_York', 'Asia/Kolkata', 'Africa/Lagos', 'Australia/Sydney', 'UTC'];

async function availability() {
  const stop = await startApp();
  try {
    const rows: [string, Summary][] = [];
    for (const [i, { name, mix }] of AVAILABILITY_ROWS.entries()) {
      if (args.only && name !== args.only) continue;
      const paths = mix.map(({ query }) => `/api/doctors/search?${new URLSearchParams(query)}`);
      for (const p of paths) await fetch(`http://127.0.0.1:${port}${p}`); // fills the reply cache
      rows.push([`${name} cached`, await benchApi(paths)]);
      const extra = Object.fromEntries(new URLSearchParams(name));
      // Its own seed per row, so no search of one row was cached by another.
      const tail = (await longTailPaths(dbUrl, 5_000 + duration * 3_000, 100 + i)).map((p, j) => {
        const url = new URL(p, 'http://x');
        for (const [key, value] of Object.entries({ ...extra, timeZone: ZONES[j % ZONES.length] }))
          url.searchParams.set(key, value);
        return `${url.pathname}${url.search}`;
      });
      rows.push([`${name} uncached`, await benchLongTail(tail)]);
    }
    printTable(rows);
  } finally {
    stop();
  }
}

async function main() {
  await prepareDatabase();
  if (args.uncached) return uncached();
  if (args.availability) return availability();
  const statements = await captureStatements(dbUrl, QUERY_MIX);
  const stop = await startApp();
  try {
    const paths = await apiPaths();
    // Warm both paths so neither pays for cold caches or JIT.
    await benchApiWarmup(paths);
    console.log(`API: ${connections} connections for ${duration} s over ${paths.length} queries…`);
    const api = await benchApi(paths);
    stop();
    console.log(`SQL: ${connections} workers for ${duration} s, pool ${poolSize}…`);
    const sql = await benchSql(statements);
    printTable(
      [
        ['API /api/doctors/search', api],
        ['raw SQL through pg', sql],
      ],
      { p95: api.p95 / sql.p95, rps: sql.rps / api.rps },
    );
  } finally {
    stop();
  }
}

async function benchApiWarmup(paths: string[]) {
  for (let round = 0; round < 3; round++) for (const p of paths) await fetch(`http://127.0.0.1:${port}${p}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
