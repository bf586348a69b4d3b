/**
 * Resident memory of a running Medora, counting every process the start command leaves running
 * (npm, wrappers, the server), idle and under a minute of doctor searches.
 *   npx tsx bench/memory/run.ts [-- --database pglite|postgres] [-- --cmd "npm start"] [-- --load 60]
 * pglite: a fresh embedded database in .data/bench-memory-<port>, seeded with the demo data.
 * postgres: the database `medora_build_mem` on BENCH_PG_URL (default
 * postgres://postgres@127.0.0.1:54330/postgres), dropped, created and seeded with the demo data.
 * Only the app's processes are counted, not PostgreSQL's. Port BENCH_PORT (default 5433).
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { QUERY_MIX } from '../search/queries';
import { startServer, treeRss } from '../support/server-process';

const root = path.resolve(import.meta.dirname, '../..');
const { values: args } = parseArgs({
  options: {
    database: { type: 'string', default: 'pglite' },
    cmd: { type: 'string', default: 'npm start' },
    idle: { type: 'string', default: '20' },
    load: { type: 'string', default: '60' },
    connections: { type: 'string', default: '10' },
  },
});
const port = Number(process.env.BENCH_PORT ?? 5433);
const base = `http://127.0.0.1:${port}`;
const sleep = (s: number) => new Promise((r) => setTimeout(r, s * 1000));
const env: NodeJS.ProcessEnv = { PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'true' };

if (args.database === 'postgres') {
  const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:54330/postgres';
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query('drop database if exists medora_build_mem with (force)');
  await admin.query('create database medora_build_mem');
  await admin.end();
  env.DATABASE_URL = Object.assign(new URL(adminUrl), { pathname: '/medora_build_mem' }).toString();
} else {
  env.DATA_DIR = `.data/bench-memory-${port}`;
  rmSync(path.join(root, env.DATA_DIR), { recursive: true, force: true });
}

type Sample = ReturnType<typeof treeRss>;
const total = (s: Sample) => s.reduce((sum, p) => sum + p.mb, 0);
const rows: { phase: string; sample: Sample }[] = [];

// The first start creates and seeds the database; every later start only opens it.
const first = await startServer(args.cmd, `${base}/api/health`, env, { cwd: root, timeoutMs: 180_000 });
await sleep(Number(args.idle));
rows.push({ phase: 'idle after the first start (seeding)', sample: treeRss(first.child.pid!) });
await first.stop();

const server = await startServer(args.cmd, `${base}/api/health`, env, { cwd: root, timeoutMs: 180_000 });
try {
  const pid = server.child.pid!;
  await sleep(Number(args.idle));
  rows.push({ phase: 'idle after a restart', sample: treeRss(pid) });

  const paths = QUERY_MIX.map(({ query }) => `/api/doctors/search?${new URLSearchParams(query)}`);
  let next = 0;
  let peak: Sample = [];
  const sampler = setInterval(() => {
    const s = treeRss(pid);
    if (total(s) > total(peak)) peak = s;
  }, 1000);
  const result = await autocannon({
    url: base,
    connections: Number(args.connections),
    duration: Number(args.load),
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }) }],
  });
  clearInterval(sampler);
  rows.push({ phase: `peak under load (${result.requests.total} searches)`, sample: peak });
  rows.push({ phase: 'end of load', sample: treeRss(pid) });
  await sleep(Number(args.idle));
  rows.push({ phase: `idle again (${args.idle} s later)`, sample: treeRss(pid) });
  if (result.non2xx || result.errors) console.warn(`${result.non2xx} non-2xx replies, ${result.errors} errors`);
} finally {
  await server.stop();
  if (env.DATA_DIR) rmSync(path.join(root, env.DATA_DIR), { recursive: true, force: true });
}

console.log(`\n${args.cmd} on ${args.database}: resident memory (MB)`);
console.log(`${'phase'.padEnd(38)}  total   per process`);
for (const { phase, sample } of rows)
  console.log(
    `${phase.padEnd(38)} ${total(sample).toFixed(0).padStart(6)}   ${sample
      .filter((p) => p.mb >= 1)
      .map(
        (p) =>
          `${p.command
            .split(' ')
            .slice(0, 2)
            .map((w) => path.basename(w))
            .join(' ')} ${p.mb.toFixed(0)}`,
      )
      .join(' + ')}`,
  );
