/**
 * Chat benchmark: N consultations × 2 authenticated sockets against one server
 * instance on 127.0.0.1, a steady total message rate, and the send-to-receive latency measured at
 * the other participant's socket. Prints p50/p95/p99 and messages per second.
 *
 *   npm run bench:chat
 *   BENCH_CONSULTATIONS=1000 BENCH_RATE=500 BENCH_SECONDS=20 BENCH_PORT=5501 npm run bench:chat
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:54330/postgres npm run bench:chat   (PostgreSQL)
 */
import { spawn } from 'node:child_process';
import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import WebSocket from 'ws';
import { openDatabase } from '../../server/src/db/client';
import { runMigrations } from '../../server/src/db/migrate';
import { seedConsultations, type BenchConsultation } from './seed';
import { percentile, printTable } from './stats';

const CONSULTATIONS = Number(process.env.BENCH_CONSULTATIONS ?? 1000);
const RATE = Number(process.env.BENCH_RATE ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WARMUP_SECONDS = 3;
const PORT = Number(process.env.BENCH_PORT ?? 5501);
const PG_URL = process.env.BENCH_DATABASE_URL;
const ROOT = path.resolve(import.meta.dirname, '../..');

type Sock = { ws: WebSocket; consultation: number; role: 'patient' | 'doctor' };

async function prepareDatabase(): Promise<{
  env: Record<string, string>;
  cleanup: () => Promise<void>;
  seeded: BenchConsultation[];
}> {
  if (PG_URL) {
    const name = `medora_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
    await runMigrations(database);
    const seeded = await seedConsultations(database.db, CONSULTATIONS);
    await database.close();
    return {
      env: { DATABASE_URL: url.toString(), DB_POOL_SIZE: '20' },
      seeded,
      cleanup: async () => {
        const c = new pg.Client({ connectionString: PG_URL });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'medora-bench-'));
  const database = await openDatabase({ dataDir });
  await runMigrations(database);
  const seeded = await seedConsultations(database.db, CONSULTATIONS);
  await database.close();
  return { env: { DATA_DIR: dataDir }, seeded, cleanup: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

async function waitForHealth(url: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not come up at ${url}`);
}

function connect(cookie: string, consultationId: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${PORT}/ws`, { headers: { cookie }, perMessageDeflate: false });
    ws.once('open', () => ws.send(JSON.stringify({ type: 'join_consultation', consultationId, lastMessageId: 0 })));
    ws.on('message', function onMessage(raw) {
      if (JSON.parse(raw.toString()).type !== 'history') return;
      ws.off('message', onMessage);
      resolve(ws);
    });
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
  });
}

async function main() {
  console.log(`Seeding ${CONSULTATIONS} consultations (${PG_URL ? 'PostgreSQL' : 'PGlite'})…`);
  const db = await prepareDatabase();
  const server = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...db.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DEMO_MODE: 'false',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitForHealth(`http://127.0.0.1:${PORT}/api/health`);
    const socks: Sock[][] = [];
    const t0 = performance.now();
    for (let i = 0; i < db.seeded.length; i += 50) {
      const batch = db.seeded.slice(i, i + 50);
      socks.push(
        ...(await Promise.all(
          batch.map(async (c, j) => [
            { ws: await connect(c.patientCookie, c.id), consultation: i + j, role: 'patient' as const },
            { ws: await connect(c.doctorCookie, c.id), consultation: i + j, role: 'doctor' as const },
          ]),
        )),
      );
    }
    console.log(`${socks.length * 2} sockets joined in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    await runLoad(socks, db.seeded);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await db.cleanup();
  }
}

async function runLoad(socks: Sock[][], seeded: BenchConsultation[]) {
  const sentAt = new Map<number, number>();
  const latencies: number[] = [];
  let received = 0;
  let measuring = false;
  let measuredSent = 0;
  for (const pair of socks) {
    for (const sock of pair) {
      sock.ws.on('message', (raw) => {
        const msg = JSON.parse(raw.toString()) as { type: string; message?: string; clientMessageId?: string };
        if (msg.type !== 'message' || !msg.message?.startsWith('b:')) return;
        const [, seqText, from] = msg.message.split(':');
        if (from === sock.role) return; // the sender's own echo
        const seq = Number(seqText);
        const t = sentAt.get(seq);
        if (t === undefined) return;
        sentAt.delete(seq);
        received++;
        if (measuring) latencies.push(performance.now() - t);
      });
    }
  }

  let seq = 0;
  const perTick = RATE / 100; // a tick every 10 ms
  let carry = 0;
  const tick = setInterval(() => {
    carry += perTick;
    for (; carry >= 1; carry--) {
      const pair = socks[seq % socks.length];
      const sender = pair[Math.floor(seq / socks.length) % 2];
      sentAt.set(seq, performance.now());
      sender.ws.send(
        JSON.stringify({
          type: 'send_message',
          consultationId: seeded[sender.consultation].id,
          message: `b:${seq}:${sender.role}`,
        }),
      );
      if (measuring) measuredSent++;
      seq++;
    }
  }, 10);

  await new Promise((r) => setTimeout(r, WARMUP_SECONDS * 1000));
  measuring = true;
  const receivedBefore = received;
  const start = performance.now();
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  measuring = false;
  const elapsed = (performance.now() - start) / 1000;
  const deliveredInWindow = received - receivedBefore;
  clearInterval(tick);
  await new Promise((r) => setTimeout(r, 2000)); // let the last ones arrive
  for (const pair of socks) for (const s of pair) s.ws.terminate();

  latencies.sort((a, b) => a - b);
  const ms = (v: number) => `${v.toFixed(2)} ms`;
  console.log(`\nChat send-to-receive latency, ${socks.length} consultations × 2 sockets, ${SECONDS} s measured`);
  printTable([
    ['database', PG_URL ? 'PostgreSQL' : 'PGlite (embedded)'],
    ['target rate', `${RATE} msg/s`],
    ['messages sent (measured)', String(measuredSent)],
    ['delivered to the other side', `${(deliveredInWindow / elapsed).toFixed(1)} msg/s`],
    ['not delivered after 2 s', String(sentAt.size)],
    ['p50', ms(percentile(latencies, 50))],
    ['p95', ms(percentile(latencies, 95))],
    ['p99', ms(percentile(latencies, 99))],
    ['max', ms(latencies.at(-1) ?? NaN)],
    ['machine', `${cpus().length} cores; load ${execSync('uptime').toString().split('load average:')[1]?.trim()}`],
  ]);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
