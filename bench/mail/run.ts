/**
 * Mail queue benchmark: 10,000 reminder jobs drained by one app instance's job worker into a real
 * SMTP server on 127.0.0.1, on PostgreSQL and on the embedded PGlite. Two runs per database:
 *   burst  — all 10,000 due at the same instant: the drain rate (jobs/s) is the throughput;
 *            the delay due → sent then only says how long the queue took to empty.
 *   steady — the same 10,000 due evenly over time at BENCH_RATE jobs/s (below capacity): the
 *            delay due → sent is what a reminder's recipient would see (poll interval included).
 * Each job composes the reminder from the database (appointment, people, settings), renders it
 * with React Email, sends it over SMTP with its .ics and stores it in the outbox table. The SMTP
 * sink runs in a process of its own, as a real mail server would.
 *
 *   npm run bench:mail
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:54330/postgres BENCH_JOBS=10000 BENCH_RATE=150 npm run bench:mail
 *   BENCH_DRIVERS=pglite npm run bench:mail
 *   BENCH_INSTANCES=2 BENCH_DRIVERS=postgres npm run bench:mail   # also a burst drained by 2 app instances
 */
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { openDatabase, type Database, type Db } from '../../server/src/db/client';
import { runMigrations } from '../../server/src/db/migrate';
import { appointments, doctors, jobs, users } from '../../server/src/db/schema';
import { systemClock } from '../../server/src/core/clock';
import { enqueueJobs, type NewJob } from '../../server/src/modules/jobs/queue';
import { bindJob, JobWorker } from '../../server/src/modules/jobs/worker';
import { referralReleaseJob } from '../../server/src/modules/jobs/referral-release';
import { consultationEndJob } from '../../server/src/modules/consultations/abandoned';
import { messageUnreadJob } from '../../server/src/modules/conversations/unread-notice';
import { pushJob } from '../../server/src/modules/push/job';
import { outcomeReleaseJob } from '../../server/src/modules/disputes/release-job';
import { emailJob, reminderJob } from '../../server/src/modules/mail/payloads';
import { refundRetryJob } from '../../server/src/modules/payments/refund-retry';
import { housekeepingJob } from '../../server/src/http/housekeeping';
import { waitlistJob } from '../../server/src/modules/waitlist/job';
import { percentile, printTable } from '../chat/stats';

const JOBS = Number(process.env.BENCH_JOBS ?? 10_000);
const RATE = Number(process.env.BENCH_RATE ?? 150);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:54330/postgres';
const DB_NAME = 'medora_bench_mail';
const DRIVERS = (process.env.BENCH_DRIVERS ?? 'postgres,pglite').split(',');
const BATCH = 500;
/** Above 1, PostgreSQL runs add a burst drained by that many app instances, each in its own process. */
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 1);
const silentLog = pino({ level: 'silent' });

/** The SMTP sink (sink.mjs) in a process of its own, so its work is not charged to the worker's thread. */
async function startCountingSink() {
  const child = fork(fileURLToPath(new URL('./sink.mjs', import.meta.url)), {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const reply = <T>(): Promise<T> => new Promise((resolve) => child.once('message', (m) => resolve(m as T)));
  const { port } = await reply<{ port: number }>();
  return {
    port,
    received: async () => {
      const answer = reply<{ received: number }>();
      child.send('count');
      return (await answer).received;
    },
    reset: () => child.send('reset'),
    close: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.send('close');
      }),
  };
}

/** App instances in processes of their own (instance.ts), as several servers behind a proxy would run. */
async function startInstances(count: number, databaseUrl: string, smtpPort: number) {
  const children = await Promise.all(
    Array.from({ length: count }, async () => {
      const child = fork(fileURLToPath(new URL('./instance.ts', import.meta.url)), {
        execArgv: ['--import', 'tsx'],
        env: { ...process.env, BENCH_DB_URL: databaseUrl, BENCH_SMTP_URL: `smtp://127.0.0.1:${smtpPort}` },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      await new Promise((resolve) => child.once('message', resolve));
      return child;
    }),
  );
  return {
    start: () => children.forEach((c) => c.send('start')),
    /** Stops every instance and sums their CPU time (ms). */
    stop: async () => {
      const cpu = await Promise.all(
        children.map(
          (c) =>
            new Promise<number>((resolve) => {
              c.once('message', (m) => resolve((m as { cpuMs: number }).cpuMs));
              c.send('stop');
            }),
        ),
      );
      return cpu.reduce((a, b) => a + b, 0);
    },
  };
}

type Result = {
  jobsPerSecond: number;
  p50: number;
  p95: number;
  max: number;
  sent: number;
  seconds: number;
  /** CPU time of this process per job (user + system): what the work costs whatever else runs. */
  cpuMsPerJob?: number;
};

/** Half as many appointments as jobs, each an hour and a bit away; one reminder per side. */
async function seedAppointments(db: Db, count: number): Promise<string[]> {
  const ids: string[] = [];
  const startsAt = new Date(Date.now() + 70 * 60_000);
  for (let from = 0; from < count; from += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, count - from) }, (_, i) => ({
      patientId: randomUUID(),
      doctorUserId: randomUUID(),
      doctorId: randomUUID(),
      appointmentId: randomUUID(),
      tag: `${from + i}-${randomUUID().slice(0, 6)}`,
    }));
    await db.insert(users).values(
      rows.flatMap((r) => [
        { id: r.patientId, email: `bench-patient-${r.tag}@bench.medora.dev`, firstName: 'Bench', lastName: 'Patient' },
        {
          id: r.doctorUserId,
          email: `bench-doctor-${r.tag}@bench.medora.dev`,
          firstName: 'Bench',
          lastName: 'Doctor',
          userType: 'doctor' as const,
        },
      ]),
    );
    await db.insert(doctors).values(
      rows.map((r) => ({
        id: r.doctorId,
        userId: r.doctorUserId,
        specialty: 'Family Medicine',
        timeZone: 'America/New_York',
        isVerified: true,
      })),
    );
    await db.insert(appointments).values(
      rows.map((r) => ({
        id: r.appointmentId,
        patientId: r.patientId,
        doctorId: r.doctorId,
        startsAt,
        timeZone: 'America/New_York',
        consultationType: 'video' as const,
        reasonForVisit: 'Benchmark',
        fee: 15000,
        status: 'confirmed' as const,
      })),
    );
    ids.push(...rows.map((r) => r.appointmentId));
  }
  return ids;
}

async function enqueueReminders(db: Db, appointmentIds: string[], dueAt: (n: number) => Date) {
  const list: NewJob[] = Array.from({ length: JOBS }, (_, n) => {
    const appointmentId = appointmentIds[Math.floor(n / 2) % appointmentIds.length];
    return {
      kind: 'reminder',
      payload: { kind: 'reminder_1h', appointmentId, recipient: n % 2 ? 'doctor' : 'patient' },
      runAt: dueAt(n),
      appointmentId,
    };
  });
  for (let from = 0; from < list.length; from += BATCH) {
    await db.transaction((tx) => enqueueJobs(tx, list.slice(from, from + BATCH)).then(() => undefined));
  }
}

async function measure(database: Database, started: number): Promise<Result> {
  const rows = (
    (await database.db.execute(
      `select extract(epoch from (m.sent_at - j.run_at)) * 1000 as delay, extract(epoch from m.sent_at) * 1000 as sent
       from email_messages m join jobs j on j.id = m.job_id where m.status = 'sent'` as never,
    )) as unknown as { rows: { delay: string; sent: string }[] }
  ).rows;
  const delays = rows.map((r) => Number(r.delay)).sort((a, b) => a - b);
  const last = Math.max(...rows.map((r) => Number(r.sent)));
  const seconds = (last - started) / 1000;
  return {
    jobsPerSecond: rows.length / seconds,
    p50: percentile(delays, 50),
    p95: percentile(delays, 95),
    max: delays[delays.length - 1],
    sent: rows.length,
    seconds,
  };
}

/** Until the benchmark's jobs are done; the app's own sweeps stay queued for their next run. */
async function waitForDone(database: Database) {
  for (;;) {
    const [{ n }] = (
      (await database.db.execute(
        `select count(*)::int as n from jobs where status in ('queued', 'running') and kind in ('reminder', 'email')` as never,
      )) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    if (Number(n) === 0) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function openBenchDatabase(
  driver: string,
): Promise<{ database: Database; url?: string; cleanup: () => Promise<void> }> {
  if (driver === 'postgres') {
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${DB_NAME} with (force)`);
    await admin.query(`create database ${DB_NAME}`);
    await admin.end();
    const url = Object.assign(new URL(PG_URL), { pathname: `/${DB_NAME}` }).toString();
    return {
      database: await openDatabase({ databaseUrl: url, dataDir: '', poolSize: 10 }),
      url,
      cleanup: async () => {},
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'medora-bench-mail-'));
  return {
    database: await openDatabase({ dataDir: dir }),
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** The queue alone: the same jobs with a handler that does nothing, to show what claiming costs. */
async function queueOnly(database: Database, appointmentIds: string[]): Promise<number> {
  const noop = async () => ({ status: 'done' as const });
  const worker = new JobWorker(database, systemClock, silentLog, {
    email: bindJob(emailJob, noop),
    reminder: bindJob(reminderJob, noop),
    refund_retry: bindJob(refundRetryJob, noop),
    housekeeping: bindJob(housekeepingJob, noop),
    referral_release: bindJob(referralReleaseJob, noop),
    consultation_end: bindJob(consultationEndJob, noop),
    message_unread: bindJob(messageUnreadJob, noop),
    push: bindJob(pushJob, noop),
    outcome_release: bindJob(outcomeReleaseJob, noop),
    waitlist: bindJob(waitlistJob, noop),
  });
  const now = new Date();
  await enqueueReminders(database.db, appointmentIds, () => now);
  const started = Date.now();
  let total = 0;
  for (let n = await worker.runDue(); n > 0; n = await worker.runDue()) total += n;
  const rate = total / ((Date.now() - started) / 1000);
  await database.db.delete(jobs);
  return rate;
}

type RunResults = Record<'burst' | 'steady', Result> & { queueOnly: number; instances?: Result };

async function run(driver: string): Promise<RunResults> {
  const { database, url, cleanup } = await openBenchDatabase(driver);
  await runMigrations(database);
  const appointmentIds = await seedAppointments(database.db, Math.ceil(JOBS / 2));
  const sink = await startCountingSink();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn', SMTP_URL: `smtp://127.0.0.1:${sink.port}` });
  const app = await buildApp({ config, database, jobs: { start: false } });
  await app.ready();
  const results = {} as RunResults;
  try {
    results.queueOnly = await queueOnly(database, appointmentIds);

    // Burst: everything due now, drained by the worker's own loop.
    const now = new Date();
    await enqueueReminders(database.db, appointmentIds, () => now);
    const burstStart = Date.now();
    const cpuBefore = process.cpuUsage();
    while ((await app.jobWorker.runDue()) > 0);
    const cpu = process.cpuUsage(cpuBefore);
    results.burst = { ...(await measure(database, burstStart)), cpuMsPerJob: (cpu.user + cpu.system) / 1000 / JOBS };
    if ((await sink.received()) !== JOBS) throw new Error(`sink got ${await sink.received()} of ${JOBS}`);
    await database.db.execute('delete from email_messages' as never);
    await database.db.delete(jobs);
    sink.reset();

    // Steady: due times spread at RATE per second, the worker running as in production.
    const t0 = Date.now() + 2000;
    await enqueueReminders(database.db, appointmentIds, (n) => new Date(t0 + (n * 1000) / RATE));
    await app.jobWorker.start();
    await waitForDone(database);
    results.steady = await measure(database, t0);
    if ((await sink.received()) !== JOBS) throw new Error(`sink got ${await sink.received()} of ${JOBS}`);

    if (url && INSTANCES > 1) {
      // Burst again, drained by several app instances sharing the queue; this process only watches.
      await app.jobWorker.stop();
      await database.db.execute('delete from email_messages' as never);
      await database.db.delete(jobs);
      sink.reset();
      const instances = await startInstances(INSTANCES, url, sink.port);
      const due = new Date();
      await enqueueReminders(database.db, appointmentIds, () => due);
      const started = Date.now();
      instances.start();
      await waitForDone(database);
      const cpuMs = await instances.stop();
      results.instances = { ...(await measure(database, started)), cpuMsPerJob: cpuMs / JOBS };
      if ((await sink.received()) !== JOBS) throw new Error(`sink got ${await sink.received()} of ${JOBS}`);
    }
  } finally {
    await app.close();
    await sink.close();
    await database.close();
    await cleanup();
  }
  return results;
}

const ms = (v: number) => `${Math.round(v).toLocaleString('en-US')} ms`;
const all: [string, string][] = [];
for (const driver of DRIVERS) {
  console.log(
    `${driver}: seeding ${Math.ceil(JOBS / 2).toLocaleString('en-US')} appointments, ${JOBS.toLocaleString('en-US')} jobs…`,
  );
  const r = await run(driver);
  all.push(
    [`${driver} queue only (no-op jobs): jobs/s`, r.queueOnly.toFixed(0)],
    [`${driver} burst: jobs/s`, r.burst.jobsPerSecond.toFixed(0)],
    [`${driver} burst: drain time`, `${r.burst.seconds.toFixed(1)} s`],
    [`${driver} burst: app CPU per job`, `${r.burst.cpuMsPerJob?.toFixed(2)} ms`],
    [`${driver} burst: p95 due → sent`, ms(r.burst.p95)],
    [`${driver} steady ${RATE}/s: jobs/s`, r.steady.jobsPerSecond.toFixed(0)],
    [`${driver} steady ${RATE}/s: p50 due → sent`, ms(r.steady.p50)],
    [`${driver} steady ${RATE}/s: p95 due → sent`, ms(r.steady.p95)],
    [`${driver} steady ${RATE}/s: max due → sent`, ms(r.steady.max)],
  );
  if (r.instances)
    all.push(
      [`${driver} burst, ${INSTANCES} instances: jobs/s`, r.instances.jobsPerSecond.toFixed(0)],
      [`${driver} burst, ${INSTANCES} instances: CPU per job`, `${r.instances.cpuMsPerJob?.toFixed(2)} ms`],
      [`${driver} burst, ${INSTANCES} instances: p95 due → sent`, ms(r.instances.p95)],
    );
}
console.log(
  `\n${JOBS.toLocaleString('en-US')} reminder jobs per run, SMTP sink on 127.0.0.1 (goal: ≥ 200 jobs/s, p95 ≤ 2 s)`,
);
printTable(all);
