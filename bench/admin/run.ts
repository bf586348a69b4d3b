/**
 * Admin lists at 100,000 doctors.
 *   npm run bench:admin [-- --reuse] [-- --duration 20] [-- --connections 8]
 * Creates (or reuses) the database `medora_bench_admin` on BENCH_PG_URL (default
 * postgres://postgres@127.0.0.1:54330), seeds it with the search benchmark's generator
 * (`npm run seed -- --doctors 100000`), adds an administrator, starts the app on BENCH_PORT
 * (default 5401) and drives the users and doctors pages, searched by name or e-mail, with the
 * given number of concurrent administrators. Prints one row per list and one for the mix.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { seededDatabase } from '../support/seeded-database';
import { hashPassword } from '../../server/src/core/passwords';
import { summarize, type Summary } from '../search/stats';
import { adminSearches } from './searches';

const root = path.resolve(import.meta.dirname, '../..');
const { values: args } = parseArgs({
  options: {
    reuse: { type: 'boolean', default: false },
    duration: { type: 'string', default: '20' },
    connections: { type: 'string', default: '8' },
    doctors: { type: 'string', default: '100000' },
  },
});
const duration = Number(args.duration);
const connections = Number(args.connections);
const doctorCount = Number(args.doctors);
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:54330/postgres';
const dbName = 'medora_bench_admin';
const dbUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
const port = Number(process.env.BENCH_PORT ?? 5401);
const ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-password' };
const TARGET_P95_MS = 50;

async function prepareDatabase() {
  await seededDatabase({ adminUrl, dbName, doctorCount, reuse: Boolean(args.reuse) });
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  await db.query(
    `insert into users (email, password_hash, first_name, last_name, user_type) values ($1, $2, 'Bench', 'Admin', 'admin')
     on conflict (email) do update set password_hash = excluded.password_hash, is_active = true`,
    [ADMIN.email, await hashPassword(ADMIN.password)],
  );
  await db.query('vacuum analyze');
  await db.end();
}

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
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    },
  });
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

async function signIn(): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!res.ok) throw new Error(`admin sign-in failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function queryMix(): Promise<Record<'users' | 'doctors', string[]>> {
  const searches = await adminSearches(dbUrl);
  const paths = (list: string) => [
    `/api/admin/${list}`,
    `/api/admin/${list}?page=5`,
    `/api/admin/${list}?sort=name&dir=asc`,
    ...searches.map((s) => `/api/admin/${list}?${new URLSearchParams(s)}`),
  ];
  return { users: paths('users'), doctors: paths('doctors') };
}

async function drive(paths: string[], cookie: string): Promise<Summary> {
  const latencies: number[] = [];
  let next = 0;
  let errors = 0;
  const instance = autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration,
    requests: [
      { method: 'GET', headers: { cookie }, setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }) },
    ],
  });
  instance.on('response', (_client, status, _bytes, ms) => (status === 200 ? latencies.push(ms) : errors++));
  const result = await instance;
  return summarize(latencies, duration, errors + result.errors);
}

function printTable(rows: [string, Summary][]) {
  const fmt = (n: number, d = 1) => n.toFixed(d).padStart(9);
  console.log(
    '\n| list                        |  requests |       rps |  p50 ms |  p95 ms |  p99 ms | errors | p95 ≤ 50 ms |',
  );
  console.log(
    '|-----------------------------|-----------|-----------|---------|---------|---------|--------|-------------|',
  );
  for (const [name, s] of rows) {
    console.log(
      `| ${name.padEnd(27)} | ${String(s.requests).padStart(9)} | ${fmt(s.rps)} | ${fmt(s.p50, 2).slice(2)} | ${fmt(s.p95, 2).slice(2)} | ${fmt(s.p99, 2).slice(2)} | ${String(s.errors).padStart(6)} | ${(s.p95 <= TARGET_P95_MS ? 'yes' : 'NO').padStart(11)} |`,
    );
  }
}

async function main() {
  await prepareDatabase();
  const stop = await startApp();
  try {
    const cookie = await signIn();
    const mix = await queryMix();
    for (const p of [...mix.users, ...mix.doctors]) {
      const res = await fetch(`http://127.0.0.1:${port}${p}`, { headers: { cookie } });
      if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
    }
    console.log(`${connections} concurrent admins, ${duration} s per list, ${mix.users.length} queries per list…`);
    const users = await drive(mix.users, cookie);
    const doctors = await drive(mix.doctors, cookie);
    printTable([
      ['GET /api/admin/users', users],
      ['GET /api/admin/doctors', doctors],
    ]);
  } finally {
    stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
