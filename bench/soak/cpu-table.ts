import { readFileSync } from 'node:fs';
import type pg from 'pg';
import { cpuByPid, cpuSince } from '../search/cpu';
import type { Mix } from './mix';
import type { Recorder } from './record';

/**
 * CPU per action of the soak's mix, each alone (issue 39, item 5): the action runs `count` times,
 * four at a time, then the mail and other jobs it queued are left to finish, and the CPU the app
 * and the database's backends used over all of it is divided by the actions. What a write sets off
 * after its answer (mail, bell, subscribers) is counted with it.
 */
export type CpuRow = {
  action: string;
  /** The action's weight in the mix (of 100). */
  weight: number;
  actions: number;
  requests: number;
  appMs: number;
  dbMs: number;
  transactions: number;
  /** Statements the app sent (BEGIN and COMMIT included). */
  statements: number;
  seconds: number;
};

const CONCURRENCY = 4;

async function transactions(watcher: pg.Client) {
  const r = await watcher.query<{ n: string }>(
    'select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()',
  );
  return Number(r.rows[0].n);
}

/** The statements the app's processes have sent so far, from their probes (a line written on SIGUSR2). */
async function statements(processes: AppProcess[]) {
  let sum = 0;
  for (const { pid, probeFile } of processes) sum += await statementsOf(pid, probeFile);
  return sum;
}

async function statementsOf(serverPid: number, probeFile: string) {
  const asked = Date.now();
  process.kill(serverPid, 'SIGUSR2');
  for (let i = 0; i < 50; i++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    const mark = readFileSync(probeFile, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { at: number; mark?: boolean; queries: number; sql?: [string, number][] })
      .findLast((l) => l.mark && l.at >= asked);
    if (mark?.sql?.length && process.env.SOAK_PROBE_SQL) {
      console.log('statements since the last mark:');
      for (const [text, n] of mark.sql.slice(0, 60)) console.log(`  ${String(n).padStart(6)}  ${text}`);
    }
    if (mark) return mark.queries;
  }
  return NaN;
}

export type AppProcess = { pid: number; probeFile: string };

async function jobsSettled(watcher: pg.Client) {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const r = await watcher.query<{ n: string }>(
      `select count(*) as n from jobs where status in ('queued', 'running') and run_at <= now()`,
    );
    if (Number(r.rows[0].n) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function cpuPerAction(opts: {
  mix: Mix;
  rec: Recorder;
  watcher: pg.Client;
  /** The server, and the job process when the queue runs in one of its own (JOB_WORKER=only). */
  processes: AppProcess[];
  database: string;
  count: number;
  log: (line: string) => void;
}): Promise<CpuRow[]> {
  const { mix, rec, watcher } = opts;
  const rows: CpuRow[] = [];
  // SOAK_CPU_ACTIONS="book,pay by card" runs only those (by the start of their names), e.g. to profile them.
  const only = process.env.SOAK_CPU_ACTIONS?.split(',').map((a) => a.trim());
  for (const [weight, name, action] of mix.actions) {
    if (only && !only.some((a) => name.startsWith(a))) continue;
    // Bookings first and twice over, so both payments have unpaid appointments to pay.
    const count = name.startsWith('book') ? opts.count * 2 : opts.count;
    if (name === 'pay from the wallet') await mix.fillWallets();
    await jobsSettled(watcher);
    // Let the statistics of what came before reach pg_stat_database (flushed about once a second).
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const before = {
      app: cpuByPid({ pids: opts.processes.map((p) => p.pid) }),
      db: cpuByPid({ database: opts.database }),
      xacts: await transactions(watcher),
      statements: await statements(opts.processes),
      requests: rec.requestCount,
      at: Date.now(),
    };
    let left = count;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (left-- > 0) await action();
      }),
    );
    await jobsSettled(watcher);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const row: CpuRow = {
      action: name,
      weight,
      actions: count,
      requests: rec.requestCount - before.requests,
      appMs: (cpuSince(before.app, cpuByPid({ pids: opts.processes.map((p) => p.pid) })) * 1000) / count,
      // A backend the pool closed meanwhile is not counted: a little under the truth, never below zero.
      dbMs: (cpuSince(before.db, cpuByPid({ database: opts.database })) * 1000) / count,
      // Less the watcher's own two statements before and after.
      transactions: ((await transactions(watcher)) - before.xacts - 4) / count,
      statements: ((await statements(opts.processes)) - before.statements) / count,
      seconds: (Date.now() - before.at) / 1000,
    };
    rows.push(row);
    opts.log(
      `cpu: ${name}: ${row.appMs.toFixed(2)} ms app, ${row.dbMs.toFixed(2)} ms database per action (${mix.stock().unpaid} unpaid, ${mix.stock().confirmed} confirmed left)`,
    );
  }
  return rows;
}

export function printCpuTable(rows: CpuRow[], rate: number) {
  console.log(
    '\nCPU per action, each alone (the app and its database backends; the jobs it queued, such as mail, included):\n',
  );
  console.log(
    '| action | weight | actions | HTTP requests each | app ms | database ms | transactions each | statements each |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows)
    console.log(
      `| ${r.action} | ${r.weight} | ${r.actions} | ${(r.requests / r.actions).toFixed(2)} | ${r.appMs.toFixed(2)} | ${r.dbMs.toFixed(2)} | ${r.transactions.toFixed(1)} | ${r.statements.toFixed(1)} |`,
    );
  // The mix picks actions by weight; some make several requests, so CPU per request is weighed by both.
  const sum = (f: (r: CpuRow) => number) => rows.reduce((s, r) => s + r.weight * f(r), 0);
  const requests = sum((r) => r.requests / r.actions);
  const app = sum((r) => r.appMs) / requests;
  const db = sum((r) => r.dbMs) / requests;
  console.log(
    `\nThe mix: ${(app + db).toFixed(2)} ms of CPU per HTTP request (app ${app.toFixed(2)}, database ${db.toFixed(2)}); ` +
      `at ${rate} req/s, ${(((app + db) * rate) / 1000).toFixed(2)} cores busy, the load generator not counted.`,
  );
}
