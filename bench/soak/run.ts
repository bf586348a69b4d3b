/**
 * Soak: the production build on PostgreSQL under a steady, realistic mix for N minutes, with the
 * process measured every minute and the load generator's record checked against the database at
 * the end (docs/resilience.md).
 *
 *   npm run build && npm run bench:soak -- --minutes 30 [--rate 200] [--rooms 200] [--job-process] [--waits]
 *   SOAK_DATABASE_URL=postgres://postgres@127.0.0.1:54339/postgres SOAK_PORT=5701 npm run bench:soak
 */
import { fork, spawn } from 'node:child_process';
import { execSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../server/src/db/client';
import { runMigrations } from '../../server/src/db/migrate';
import { cpuByPid, cpuSince } from '../search/cpu';
import { builtServerArgs } from '../support/built-server';
import { sampleWaits, printWaits } from './waits';
import { cpuPerAction, printCpuTable, type CpuRow } from './cpu-table';
import { ChatRooms, Mix } from './mix';
import { Recorder, type WorstRoute } from './record';
import { seedSoak } from './seed';

const ROOT = path.resolve(import.meta.dirname, '../..');

export type SoakOptions = {
  minutes: number;
  /** HTTP requests a second; chat adds a tenth of that in messages. */
  rate: number;
  rooms: number;
  port: number;
  adminUrl: string;
  /** Minutes left out of the memory slope (start-up, caches filling). */
  warmupMinutes: number;
  /** Seconds between samples (60 in a real soak; shorter in CI's two minutes). */
  sampleSeconds: number;
  /** After the soak, each action of the mix alone this many times, for the CPU table (0: none). */
  cpuActions?: number;
  /** The job queue in a process of its own (JOB_WORKER=only beside a server of JOB_WORKER=off, decision 107). */
  jobProcess?: boolean;
  /** Sample what the database's backends wait for over the load (`--waits`, `waits.ts`). */
  waits?: boolean;
  log: (line: string) => void;
};

export type MinuteSample = {
  minute: number;
  requests: number;
  rssMb: number;
  /** Of the RSS, the anonymous pages (heap, buffers, malloc) and those of files (the binary's code, ICU's data). */
  anonMb: number | null;
  fileMb: number | null;
  /** What V8 holds for its heap (used or not): the anonymous part beyond it is malloc's, buffers and stacks. */
  heapTotalMb: number;
  heapMb: number;
  /** The heap after the last full collection (null before the first). */
  liveMb: number | null;
  loopP99: number;
  loopMax: number;
  dbConnections: number;
  jobsQueued: number;
  jobsRunning: number;
  /** The machine's one-minute load average at the sample. */
  load1: number;
  /** Cores each process kept busy over the period: where a rising load average comes from. */
  cores: Record<CpuSide, number>;
  worst: ReturnType<Recorder['worstInPeriod']>;
};

type CpuSide = 'app' | 'jobs' | 'database' | 'driver';

/** A process's niceness, field 19 of /proc/<pid>/stat (counted after the command's closing parenthesis). */
const niceOf = (pid: number) => Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[16]);

export type SoakResult = Awaited<ReturnType<typeof runSoak>>;

const CPU_SIDES: CpuSide[] = ['app', 'jobs', 'database', 'driver'];

function coresSince(
  before: Record<CpuSide, Map<string, number>>,
  now: Record<CpuSide, Map<string, number>>,
  seconds: number,
) {
  return Object.fromEntries(CPU_SIDES.map((side) => [side, cpuSince(before[side], now[side]) / seconds])) as Record<
    CpuSide,
    number
  >;
}

/** Least-squares slope of y over x. */
export function slope(points: [number, number][]): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const num = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0);
  const den = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

/** Until some actions have ended, the mix is taken to send this many requests an action (measured, 2026-12-06). */
const PRIOR_REQUESTS_PER_ACTION = 1.3;
const PRIOR_ACTIONS = 50;

async function startSink(): Promise<{ port: number; count: () => Promise<number>; close: () => void }> {
  const child = fork(path.join(ROOT, 'bench/mail/sink.mjs'), { stdio: 'ignore' });
  const port = await new Promise<number>((resolve) => child.once('message', (m: { port: number }) => resolve(m.port)));
  return {
    port,
    count: () =>
      new Promise((resolve) => {
        child.once('message', (m: { received: number }) => resolve(m.received));
        child.send('count');
      }),
    close: () => child.send('close'),
  };
}

/** "(ended: 8, rate_limited: 2)", or nothing when there were none. */
const errorCodes = (codes: Record<string, number>) => {
  const named = Object.entries(codes).map(([code, n]) => `${code}: ${n}`);
  return named.length ? `(${named.join(', ')})` : '';
};

export async function runSoak(opts: SoakOptions) {
  const name = `soak_${process.pid}`;
  const admin = new pg.Client({ connectionString: opts.adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const databaseUrl = Object.assign(new URL(opts.adminUrl), { pathname: `/${name}` }).toString();
  const probeFile = path.join(tmpdir(), `medora-soak-${process.pid}.jsonl`);
  rmSync(probeFile, { force: true });
  const sink = await startSink();
  let server: ReturnType<typeof spawn> | undefined;
  let jobs: ReturnType<typeof spawn> | undefined;
  const jobsProbeFile = path.join(tmpdir(), `medora-soak-${process.pid}-jobs.jsonl`);
  const watcher = new pg.Client({ connectionString: databaseUrl });
  try {
    const database = await openDatabase({ databaseUrl, dataDir: '' });
    await runMigrations(database);
    opts.log(`Seeding ${name}…`);
    // The hour's runs lost their last seconds of chat to the sweep that ends rooms nobody ended.
    const people = await seedSoak(
      database.db,
      { doctors: 600, patients: 300, rooms: opts.rooms },
      Math.ceil(opts.minutes) + 15,
    );
    await database.close();

    // The start script's flags, as production runs; SOAK_NODE_ARGS adds more, e.g. "--cpu-prof".
    const start = (role: 'on' | 'off' | 'only', probe: string) =>
      spawn(
        process.execPath,
        builtServerArgs([
          ...(process.env.SOAK_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
          '--import',
          path.join(ROOT, 'bench/soak/probe.mjs'),
        ]),
        {
          cwd: ROOT,
          env: {
            PATH: process.env.PATH ?? '',
            TZ: 'UTC',
            NODE_ENV: 'production',
            DATABASE_URL: databaseUrl,
            PORT: String(opts.port),
            HOST: '127.0.0.1',
            DEMO_MODE: 'false',
            MIGRATE_ON_START: 'true',
            SEED_DEMO: 'false',
            LOG_LEVEL: 'warn',
            DB_POOL_SIZE: '10',
            JOB_WORKER: role,
            SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
            SOAK_PROBE_FILE: probe,
            SOAK_PROBE_MS: String(Math.min(10_000, opts.sampleSeconds * 500)),
            ...(process.env.JOB_WORKER_NICE ? { JOB_WORKER_NICE: process.env.JOB_WORKER_NICE } : {}),
            // glibc's malloc arenas, for an A/B of where resident memory grows (docs/resilience.md).
            ...(process.env.MALLOC_ARENA_MAX ? { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX } : {}),
            ...(process.env.SOAK_PROBE_SQL ? { SOAK_PROBE_SQL: '1' } : {}),
            ...(process.env.SOAK_PROBE_PROFILE ? { SOAK_PROBE_PROFILE: process.env.SOAK_PROBE_PROFILE } : {}),
          },
          stdio: ['ignore', 'inherit', 'inherit'],
        },
      );
    server = start(opts.jobProcess ? 'off' : 'on', probeFile);
    if (opts.jobProcess) {
      rmSync(jobsProbeFile, { force: true });
      jobs = start('only', jobsProbeFile);
    }
    const base = `http://127.0.0.1:${opts.port}`;
    for (let i = 0; ; i++) {
      if (server.exitCode !== null || (jobs && jobs.exitCode !== null))
        throw new Error('the server or its job process exited during start-up');
      const up = await fetch(`${base}/api/health/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      if (i > 600) throw new Error('the server did not become ready');
      await new Promise((r) => setTimeout(r, 200));
    }
    await watcher.connect();

    const rec = new Recorder(base);
    const mix = new Mix(people, rec);
    const chat = new ChatRooms(`ws://127.0.0.1:${opts.port}/ws`, people.rooms, rec);
    await chat.open();
    opts.log(`${people.rooms.length * 2} chat sockets open; load at ${opts.rate} req/s for ${opts.minutes} min`);

    const stopWaits = opts.waits ? await sampleWaits(databaseUrl) : null;
    let inFlight = 0;
    let skipped = 0;
    let carry = 0;
    let chatCarry = 0;
    // The rate counts HTTP requests, and an action may send several (paying by card sends three):
    // actions start at the rate divided by the requests an action has sent so far, so the offered
    // load is the rate whatever the mix is made of. Starting actions at the rate sent 237 requests a
    // second in a run that said 200 (2026-12-06).
    let actionsDone = 0;
    const requestsPerAction = () =>
      (rec.requestCount + PRIOR_ACTIONS * PRIOR_REQUESTS_PER_ACTION) / (actionsDone + PRIOR_ACTIONS);
    // A busy loop fires the 10 ms timer late: the carry grows by the time that really passed, or
    // the run falls some 10 % short of its rate.
    let lastTick = performance.now();
    const tick = setInterval(() => {
      const now = performance.now();
      const seconds = (now - lastTick) / 1000;
      lastTick = now;
      carry += (opts.rate * seconds) / requestsPerAction();
      chatCarry += (opts.rate / 10) * seconds;
      for (; carry >= 1; carry--) {
        // An open loop that never piles up without bound: past 400 waiting, the slowness is the finding.
        if (inFlight >= 400) {
          skipped++;
          continue;
        }
        inFlight++;
        void mix.next().finally(() => {
          inFlight--;
          actionsDone++;
        });
      }
      for (; chatCarry >= 1; chatCarry--) chat.send();
    }, 10);

    const samples: MinuteSample[] = [];
    const started = Date.now();
    const totalSamples = Math.round((opts.minutes * 60) / opts.sampleSeconds);
    let lastRequests = 0;
    // The load driver is this process (requests and chat sockets alike); the database, the soak's backends.
    const cpuNow = (): Record<CpuSide, Map<string, number>> => ({
      app: cpuByPid({ pid: server!.pid! }),
      jobs: jobs ? cpuByPid({ pid: jobs.pid! }) : new Map(),
      database: cpuByPid({ database: name }),
      driver: cpuByPid({ pid: process.pid }),
    });
    let cpuBefore = cpuNow();
    for (let m = 1; m <= totalSamples; m++) {
      await new Promise((r) => setTimeout(r, started + m * opts.sampleSeconds * 1000 - Date.now()));
      rec.minute = m;
      const probes = readFileSync(probeFile, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l))
        .filter((p) => !p.mark && p.at > Date.now() - opts.sampleSeconds * 1000);
      const last = probes.at(-1) ?? { rss: 0, heapUsed: 0 };
      const conns = await watcher.query<{ n: string }>(
        'select count(*) as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      const jobs = await watcher.query<{ queued: string; running: string }>(
        `select count(*) filter (where status = 'queued' and run_at <= now()) as queued,
                count(*) filter (where status = 'running') as running from jobs`,
      );
      const cpuAfter = cpuNow();
      const sample: MinuteSample = {
        minute: m,
        requests: rec.requestCount - lastRequests,
        rssMb: last.rss / 2 ** 20,
        anonMb: last.rssAnon ? last.rssAnon / 2 ** 20 : null,
        fileMb: last.rssFile ? last.rssFile / 2 ** 20 : null,
        heapTotalMb: (last.heapTotal ?? 0) / 2 ** 20,
        heapMb: last.heapUsed / 2 ** 20,
        liveMb: last.liveHeap ? last.liveHeap / 2 ** 20 : null,
        loopP99: Math.max(0, ...probes.map((p) => p.loopP99)),
        loopMax: Math.max(0, ...probes.map((p) => p.loopMax)),
        dbConnections: Number(conns.rows[0].n),
        jobsQueued: Number(jobs.rows[0].queued),
        jobsRunning: Number(jobs.rows[0].running),
        load1: loadavg()[0],
        cores: coresSince(cpuBefore, cpuAfter, opts.sampleSeconds),
        worst: rec.worstInPeriod(m),
      };
      lastRequests = rec.requestCount;
      cpuBefore = cpuAfter;
      samples.push(sample);
      opts.log(
        `sample ${m}/${totalSamples}: ${(sample.requests / opts.sampleSeconds).toFixed(0)} req/s, rss ${sample.rssMb.toFixed(1)} MB, ` +
          `loop p99 ${sample.loopP99} ms, db ${sample.dbConnections}, jobs ${sample.jobsQueued}+${sample.jobsRunning}, failed ${rec.failures()}`,
      );
    }
    clearInterval(tick);
    const waits = stopWaits ? await stopWaits() : null;
    const load = execSync('uptime').toString().split('load average:')[1]?.trim() ?? '?';
    const seconds = (Date.now() - started) / 1000;
    const drainUntil = Date.now() + 15_000;
    while (inFlight > 0 && Date.now() < drainUntil) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 3000));
    chat.close();
    rec.close();

    // The queue drains what the run left, then every mail the worker finished reached the sink once.
    const mailDeadline = Date.now() + 60_000;
    let mail = { done: 0, pending: 0 };
    while (Date.now() < mailDeadline) {
      const r = await watcher.query<{ done: string; pending: string }>(
        // Both mail kinds: reminders reach the sink too (counting e-mails alone, the hour of
        // 2026-12-06 showed 8 more mails received than done).
        `select count(*) filter (where status = 'done' and kind in ('email', 'reminder')) as done,
                count(*) filter (where status in ('queued', 'running') and run_at <= now()) as pending from jobs`,
      );
      mail = { done: Number(r.rows[0].done), pending: Number(r.rows[0].pending) };
      if (mail.pending === 0) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const received = await sink.count();
    const check = await rec.verify(databaseUrl);
    let cpu: CpuRow[] = [];
    if (opts.cpuActions) {
      opts.log(`CPU per action: each action alone, ${opts.cpuActions} times`);
      const cpuRec = new Recorder(base);
      cpu = await cpuPerAction({
        mix: new Mix(people, cpuRec),
        rec: cpuRec,
        watcher,
        processes: [{ pid: server.pid!, probeFile }, ...(jobs ? [{ pid: jobs.pid!, probeFile: jobsProbeFile }] : [])],
        database: name,
        count: opts.cpuActions,
        log: opts.log,
      });
      cpuRec.close();
    }
    const warm = samples.filter((s) => s.minute * opts.sampleSeconds > opts.warmupMinutes * 60);
    const perMinute = (pick: (s: MinuteSample) => number | null) =>
      slope(
        warm.flatMap((s) =>
          pick(s) === null ? [] : [[(s.minute * opts.sampleSeconds) / 60, pick(s)!] as [number, number]],
        ),
      );
    const per10Minutes = (pick: (s: MinuteSample) => number | null) => perMinute(pick) * 10;
    const firstLast = Math.max(1, Math.min(5, Math.floor(totalSamples / 3)));
    return {
      samples,
      routes: rec.routeTable(firstLast, firstLast),
      requests: rec.requestCount,
      failures: rec.failures(),
      skipped,
      seconds,
      chat: {
        sent: rec.chatSentCount,
        acknowledged: rec.chatLatencies.length,
        unacknowledged: chat.unacknowledged(),
        socketErrors: rec.socketErrors,
        socketErrorCodes: Object.fromEntries(rec.socketErrorCodes),
        p99: [...rec.chatLatencies].sort((a, b) => a - b)[Math.floor(rec.chatLatencies.length * 0.99)] ?? NaN,
      },
      mail: { jobsDone: mail.done, received, pendingAtEnd: mail.pending },
      rssSlopeMbPer10Min: per10Minutes((s) => s.rssMb),
      liveSlopeMbPer10Min: per10Minutes((s) => s.liveMb),
      anonSlopeMbPer10Min: per10Minutes((s) => s.anonMb),
      fileSlopeMbPer10Min: per10Minutes((s) => s.fileMb),
      heapTotalSlopeMbPer10Min: per10Minutes((s) => s.heapTotalMb),
      check,
      cpu,
      refusals: [...rec.refusals.entries()],
      load,
      waits,
      // The job process lowers its own priority once started (decision 118); read from /proc, as ps does.
      jobsNice: jobs ? niceOf(jobs.pid!) : null,
    };
  } finally {
    await watcher.end().catch(() => {});
    for (const child of [server, jobs]) {
      if (!child || child.exitCode !== null) continue;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    sink.close();
    // SOAK_KEEP_DATABASE=1 leaves the run's data for EXPLAIN and statistics afterwards.
    if (process.env.SOAK_KEEP_DATABASE) console.log(`soak: database ${name} kept`);
    else await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.end();
    rmSync(probeFile, { force: true });
    rmSync(jobsProbeFile, { force: true });
  }
}

export function printSoak(result: SoakResult, opts: SoakOptions) {
  const f = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '-');
  const where = opts.jobProcess
    ? `; the job queue in a process of its own at niceness ${result.jobsNice} (memory: the server’s alone)`
    : '';
  console.log(
    `\nSoak: ${opts.minutes} min at ${opts.rate} req/s, ${opts.rooms} chat rooms; ${cpus().length} cores${where}`,
  );
  console.log('\n| route | requests | statuses | failed | p50 ms | p95 ms | p99 ms | p99 first | p99 last |');
  console.log('|---|---:|---|---:|---:|---:|---:|---:|---:|');
  for (const r of result.routes)
    console.log(
      `| ${r.route} | ${r.count} | ${r.statuses} | ${r.failed} | ${f(r.p50)} | ${f(r.p95)} | ${f(r.p99)} | ${f(r.p99First)} | ${f(r.p99Last)} |`,
    );
  console.log(
    '\n| sample | req/s | load | cores: app / jobs / db / driver | RSS MB: anon + file | heap MB | live heap MB | loop p99 ms | loop max ms | DB conns | jobs due | jobs running | slowest read: p99 ms | slowest write: p99 ms |',
  );
  console.log('|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|');
  const worst = (w: WorstRoute) => (w ? `${w.route}: ${f(w.p99)}` : '-');
  for (const s of result.samples)
    console.log(
      `| ${s.minute} | ${(s.requests / opts.sampleSeconds).toFixed(0)} | ${s.load1.toFixed(2)} | ${CPU_SIDES.map((side) => s.cores[side].toFixed(2)).join(' / ')} | ${f(s.rssMb)}: ${f(s.anonMb ?? NaN)} + ${f(s.fileMb ?? NaN)} | ${f(s.heapMb)} | ${f(s.liveMb ?? NaN)} | ${s.loopP99} | ${s.loopMax} | ${s.dbConnections} | ${s.jobsQueued} | ${s.jobsRunning} | ${worst(s.worst.read)} | ${worst(s.worst.write)} |`,
    );
  console.log(`
| total | value |
|---|---:|
| requests | ${result.requests} (${(result.requests / result.seconds).toFixed(1)} req/s) |
| failed (5xx, timeouts, refused) | ${result.failures} |
| not sent (400 in flight) | ${result.skipped} |
| chat sent / acknowledged / never acknowledged | ${result.chat.sent} / ${result.chat.acknowledged} / ${result.chat.unacknowledged} |
| chat p99 send→own copy | ${f(result.chat.p99)} ms |
| chat error frames | ${result.chat.socketErrors} ${errorCodes(result.chat.socketErrorCodes)} |
| mail jobs done / mails received by the SMTP sink | ${result.mail.jobsDone} / ${result.mail.received} |
| RSS slope after ${opts.warmupMinutes} min warm-up | ${result.rssSlopeMbPer10Min.toFixed(2)} MB per 10 min |
| of it anonymous (heap, buffers, malloc) / file-backed (code, ICU data) | ${result.anonSlopeMbPer10Min.toFixed(2)} / ${result.fileSlopeMbPer10Min.toFixed(2)} MB per 10 min |
| V8's heap, held (used or not) / live after a full collection | ${result.heapTotalSlopeMbPer10Min.toFixed(2)} / ${result.liveSlopeMbPer10Min.toFixed(2)} MB per 10 min |
| appointments checked / uncertain | ${result.check.appointmentsChecked} / ${result.check.uncertain} |
| chat messages checked | ${result.check.messagesChecked} |
| lost writes | ${result.check.lost.length} |
| load average (1, 5, 15 min) at the end of the load | ${result.load} |`);
  for (const [what, message] of result.refusals) console.log(`refused, e.g. ${what}: ${message}`);
  if (result.waits) printWaits(result.waits);
  if (result.cpu.length) printCpuTable(result.cpu, opts.rate);
  for (const line of result.check.lost.slice(0, 20)) console.log(`lost: ${line}`);
}

function arg(name: string, fallback: number) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  const minutes = arg('minutes', 30);
  const opts: SoakOptions = {
    minutes,
    rate: arg('rate', 200),
    rooms: arg('rooms', 200),
    port: Number(process.env.SOAK_PORT ?? 5701),
    adminUrl: process.env.SOAK_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:54339/postgres',
    warmupMinutes: arg('warmup', Math.min(5, Math.floor(minutes / 3))),
    sampleSeconds: arg('sample', minutes >= 5 ? 60 : 10),
    cpuActions: arg('cpu-actions', 200),
    jobProcess: process.argv.includes('--job-process'),
    waits: process.argv.includes('--waits'),
    log: (line) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`),
  };
  runSoak(opts)
    .then((result) => {
      printSoak(result, opts);
      if (result.failures > 0 || result.check.lost.length > 0) process.exitCode = 1;
    })
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
