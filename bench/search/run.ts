/**
 * Doctor search at 100,000 doctors.
 *   npm run bench:search [-- --reuse] [-- --duration 30] [-- --connections 64] [-- --uncached] [-- --rate 1800]
 * Creates (or reuses) the database `medora_bench_search` on BENCH_PG_URL (default
 * postgres://postgres@127.0.0.1:54330), seeds it with `npm run seed -- --doctors 100000`, starts
 * the built app as `npm start` runs it (bench/support/built-server.ts) on BENCH_PORT (default 5400), drives GET /api/doctors/search with the query mix for the
 * duration at the given concurrency (autocannon) and prints the figures (repeated searches: mostly
 * the reply cache). With --uncached it sends the long tail instead (long-tail.ts: every search
 * distinct, so each one misses the reply cache).
 * With --availability it measures the availability filters and the soonest sort (decision 025),
 * one row each, cached (queries.ts AVAILABILITY_ROWS, repeated) and uncached (the long tail with
 * that filter or sort and a visitor's zone set, every search distinct); `--only sort=soonest` runs one row.
 * With --uncached --churn 5 a doctor's row is updated 5 times a second during the run, as profile
 * edits would (each moves a doctor's fee to a value of its own).
 * With --full (issue 26) it runs, on one app start: the long tail, each availability row uncached,
 * the long tail with --churn (default 5) edits a second while checking that every search 1 s after
 * an edit shows it, one doctor's availability over 14 days, and prints the app's memory.
 * `--full --only "long tail,sort=soonest,edits,one doctor"` runs only those rows (each availability
 * row by its name; `edits` the long tail with edits; `one doctor` both one-doctor rows).
 * BENCH_DB_NAME names the database (default medora_bench_search).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { BENCH_APP_ENV, builtServerArgs } from '../support/built-server';
import { seededDatabase } from '../support/seeded-database';
import { printTable, summarize, type Summary } from './stats';
import { AVAILABILITY_ROWS, QUERY_MIX } from './queries';
import { longTailPaths } from './long-tail';
import { cpuByPid, cpuSince } from './cpu';
import { paced } from './paced';

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
    full: { type: 'boolean', default: false },
    rate: { type: 'string' },
  },
});
const duration = Number(args.duration);
const connections = Number(args.connections);
// With --rate each row's load is offered at that many requests a second (open loop, paced.ts), so its
// p99 is the latency at that rate, not that of connections queueing at the machine's limit.
const rate = args.rate ? Number(args.rate) : undefined;
const PACED_WARMUP_SECONDS = 10;
const doctorCount = Number(args.doctors);
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:54330/postgres';
const dbName = process.env.BENCH_DB_NAME ?? 'medora_bench_search';
const dbUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
const port = Number(process.env.BENCH_PORT ?? 5400);
const poolSize = 10; // the app's default DB_POOL_SIZE

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
      // Otherwise the seed's WAL starts a checkpoint that writes its pages back for the next
      // four minutes, through the first run's measured rows (2026-12-07: 26.3 ms against 24.3).
      await db.query('checkpoint');
    },
  });
}

let appPid = 0;

async function startApp(): Promise<() => void> {
  // BENCH_NODE_ARGS adds flags to the app's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const extra = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, builtServerArgs(extra), {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      DATABASE_URL: dbUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      ...BENCH_APP_ENV,
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

async function benchApi(paths: string[], clients = connections) {
  if (rate && clients > 1) {
    const cycled = Array.from({ length: rate * duration }, (_, i) => paths[i % paths.length]);
    return paced({ port, paths: cycled, rate, seconds: duration, connections: clients });
  }
  const latencies: number[] = [];
  let next = 0;
  let errors = 0;
  const instance = autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: clients,
    duration,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }) }],
  });
  instance.on('response', (_client, status, _bytes, ms) => (status === 200 ? latencies.push(ms) : errors++));
  const result = await instance;
  return summarize(latencies, duration, errors + result.errors);
}

/**
 * Before a paced row (the app starts cold for each run): ten seconds at the rate on searches of the
 * same tail that the measured part does not ask, outside the row's figures and CPU, so a backlog of
 * the warm-up is not counted as the rate's.
 */
async function pacedWarmUp(paths: string[]) {
  if (!rate) return;
  const measured = rate * duration;
  const warm = paths.slice(measured, measured + rate * PACED_WARMUP_SECONDS);
  if (warm.length < rate * PACED_WARMUP_SECONDS)
    throw new Error(`the tail needs ${measured + rate * PACED_WARMUP_SECONDS} searches`);
  await paced({ port, paths: warm, rate, seconds: PACED_WARMUP_SECONDS, connections });
}

/** Each path once, in order; a run that outlasts them fails rather than start hitting the cache. */
async function benchLongTail(paths: string[]) {
  if (rate) return paced({ port, paths: paths.slice(0, rate * duration), rate, seconds: duration, connections });
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
    const before = { app: cpuByPid({ pid: appPid }), pg: cpuByPid({ database: dbName }) };
    const stopChurn = churn(Number(args.churn));
    const api = await benchLongTail(paths);
    const { edits } = await stopChurn();
    if (edits) console.log(`${edits} doctor edits during the run`);
    const app = cpuSince(before.app, cpuByPid({ pid: appPid }));
    const postgres = cpuSince(before.pg, cpuByPid({ database: dbName }));
    printTable([['API long tail (uncached)', api]]);
    console.log(
      `CPU during the run: app ${app.toFixed(1)} s, PostgreSQL ${postgres.toFixed(1)} s (${(postgres / app).toFixed(2)}×); per request app ${((app * 1000) / api.requests).toFixed(2)} ms, PostgreSQL ${((postgres * 1000) / api.requests).toFixed(2)} ms`,
    );
  } finally {
    stop();
  }
}

type Churn = { edits: number; checks: number; stale: number; staleIds: string[] };

/**
 * Moves a random listed doctor's consultation fee to a value no other doctor has, `perSecond`
 * times a second until stopped, as profile edits would. With `check`, 1 s after each edit commits
 * it searches for exactly that fee and counts a reply that does not show the doctor at it as stale.
 */
function churn(perSecond: number, check = false): () => Promise<Churn> {
  const result: Churn = { edits: 0, checks: 0, stale: 0, staleIds: [] };
  if (!perSecond) return async () => result;
  const client = new pg.Client({ connectionString: dbUrl });
  // Dollars far above any seeded fee, distinct per edit and per run.
  let nextDollars = 10_000 + Math.floor(Math.random() * 800_000);
  const checks: Promise<void>[] = [];
  const recent: { id: string; at: number }[] = [];
  const verify = async (id: string, dollars: number) => {
    await new Promise((r) => setTimeout(r, 1_000));
    const res = await fetch(
      `http://127.0.0.1:${port}/api/doctors/search?minFee=${dollars}&maxFee=${dollars}&sort=price_asc`,
    );
    const cards = res.ok ? ((await res.json()) as { id: string; consultationFee: number }[]) : [];
    result.checks++;
    if (!cards.some((c) => c.id === id && c.consultationFee === dollars * 100)) {
      result.stale++;
      result.staleIds.push(id);
    }
  };
  // Each edit waits for the one before, so stopping can wait for the last before closing.
  let last: Promise<unknown> = client.connect();
  const timer = setInterval(() => {
    const dollars = nextDollars++;
    last = last
      .then(() =>
        // A doctor edited in the last 2 s is left alone, so a second edit never makes the first
        // one's check (1 s later) look stale.
        client.query<{ id: string }>(
          `update doctors set consultation_fee = $1, updated_at = now()
           where id = (select id from doctors where is_verified and is_active and id <> all($2::uuid[])
                       offset floor(random() * 1000) limit 1)
           returning id`,
          [dollars * 100, recent.map((r) => r.id)],
        ),
      )
      .then(({ rows }) => {
        result.edits++;
        const now = Date.now();
        while (recent.length && recent[0].at < now - 2_000) recent.shift();
        if (rows[0]) recent.push({ id: rows[0].id, at: now });
        if (check && rows[0]) checks.push(verify(rows[0].id, dollars));
      });
  }, 1000 / perSecond);
  return async () => {
    clearInterval(timer);
    await last;
    await Promise.all(checks);
    await client.end();
    return result;
  };
}

/** Resident memory of the app process, in MB. */
function appMemoryMb(): number {
  const status = readFileSync(`/proc/${appPid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
}

/** One doctor's slots over 14 days (GET /api/doctors/:id/availability), a different doctor each time. */
async function oneDoctorPaths(count: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  const { rows } = await client.query<{ id: string }>(
    `select d.id from doctors d join users u on u.id = d.user_id
     where d.is_verified and d.is_active and u.is_active order by md5(d.id::text) limit $1`,
    [count],
  );
  await client.end();
  const today = new Date().toISOString().slice(0, 10);
  return rows.map(({ id }) => `/api/doctors/${id}/availability?date=${today}&days=14`);
}

/** Distinct searches a row needs: its own base, or enough for a paced run and its warm-up. */
const pacedTailSize = (base: number) => Math.max(base, (rate ?? 0) * (duration + PACED_WARMUP_SECONDS));

/**
 * Every figure issue 26 asks for, one app start: the uncached long tail, the availability rows
 * uncached, the long tail again with 5 doctor edits a second (and the 1 s freshness check), one
 * doctor's availability over 14 days, and the app's memory.
 */
async function full() {
  const wanted = (row: string) => !args.only || args.only.split(',').includes(row);
  // One list of distinct searches shared out alternately: the rows without and with edits ask the
  // same kind of searches, and none of them was asked before (warm-up included), so the reply cache
  // (which keeps a query's page from its second ask) serves neither.
  const tailSize = pacedTailSize(60_000 + duration * 2_000);
  const [plainTail, editedTail] =
    wanted('long tail') || wanted('edits') ? alternate(await longTailPaths(dbUrl, 2 * tailSize, 2)) : [[], []];
  const inTails = new Set([...plainTail, ...editedTail]);
  const warmUp = (await longTailPaths(dbUrl, 400, 1)).filter((p) => !inTails.has(p));
  const stop = await startApp();
  try {
    for (const p of warmUp) await fetch(`http://127.0.0.1:${port}${p}`);
    const rows: [string, Summary][] = [];
    const cpu: string[] = [];
    // CPU per request says more than requests per second on a machine shared with other work.
    const measured = async (name: string, run: () => Promise<Summary>) => {
      // Taken pid by pid: a backend the pool closed during the run would otherwise take its CPU
      // out of the sum (a negative figure with one connection).
      const before = { app: cpuByPid({ pid: appPid }), pg: cpuByPid({ database: dbName }) };
      const summary = await run();
      const app = cpuSince(before.app, cpuByPid({ pid: appPid })) * 1000;
      const postgres = cpuSince(before.pg, cpuByPid({ database: dbName })) * 1000;
      rows.push([name, summary]);
      cpu.push(
        `| ${name.padEnd(23)} | ${(app / summary.requests).toFixed(2).padStart(6)} | ${(postgres / summary.requests).toFixed(2).padStart(6)} |`,
      );
      return summary;
    };
    console.log(
      `Full run: ${connections} connections, ${duration} s per row${rate ? `, offered at ${rate} req/s` : ''}…`,
    );
    if (wanted('long tail')) await pacedWarmUp(plainTail);
    const base = wanted('long tail') ? await measured('long tail', () => benchLongTail(plainTail)) : null;
    for (const [i, { name }] of AVAILABILITY_ROWS.entries()) {
      if (!wanted(name)) continue;
      const extra = Object.fromEntries(new URLSearchParams(name));
      const size = pacedTailSize(5_000 + duration * 3_000);
      const tail = (await longTailPaths(dbUrl, size, 200 + i)).map((p, j) => {
        const url = new URL(p, 'http://x');
        for (const [key, value] of Object.entries({ ...extra, timeZone: ZONES[j % ZONES.length] }))
          url.searchParams.set(key, value);
        return `${url.pathname}${url.search}`;
      });
      await pacedWarmUp(tail);
      await measured(name, () => benchLongTail(tail));
    }
    const churnRow = `long tail, ${Number(args.churn) || 5} edits/s`;
    if (wanted('edits')) {
      const stopChurn = churn(Number(args.churn) || 5, true);
      const edited = await measured(churnRow, () => benchLongTail(editedTail));
      const fresh = await stopChurn();
      console.log(
        `\nWith edits: ${base ? `${((edited.rps / base.rps) * 100).toFixed(0)} % of the no-edit throughput; ` : ''}${fresh.edits} edits, ` +
          `${fresh.checks} searches 1 s after an edit, ${fresh.stale} did not show it${fresh.stale ? ` (${fresh.staleIds.slice(0, 3).join(', ')})` : ''}`,
      );
    }
    if (wanted('one doctor')) {
      const oneDoctor = await oneDoctorPaths(20_000);
      await measured('one doctor, 14 days', () => benchApi(oneDoctor));
      // What one patient opening a doctor's page waits for, with nothing queued ahead of it.
      await measured('one doctor, 1 connection', () => benchApi(oneDoctor.reverse(), 1));
    }
    printTable(rows);
    console.log('\n| row                     | app CPU ms/req | PostgreSQL CPU ms/req |');
    console.log('|-------------------------|--------|--------|');
    for (const line of cpu) console.log(line);
    console.log(`App memory (RSS) at ${doctorCount} doctors after the runs: ${appMemoryMb().toFixed(0)} MB`);
    console.log(`Load: ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
  } finally {
    stop();
  }
}

/** Even and odd positions of a list: two disjoint lists drawn alike. */
function alternate<T>(list: T[]): [T[], T[]] {
  return [list.filter((_, i) => i % 2 === 0), list.filter((_, i) => i % 2 === 1)];
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
  if (args.full) return full();
  if (args.uncached) return uncached();
  if (args.availability) return availability();
  const stop = await startApp();
  try {
    const paths = await apiPaths();
    // Warm the path so it pays for no cold cache or JIT.
    await benchApiWarmup(paths);
    console.log(`API: ${connections} connections for ${duration} s over ${paths.length} queries…`);
    printTable([['API /api/doctors/search', await benchApi(paths)]]);
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
