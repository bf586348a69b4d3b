import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { fromPool, type Database } from '../db/client';
import { withDatabase } from '../test-support/global-setup';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** The PostgreSQL the chaos suites need, or null (then they skip and say why). */
export const postgresUrl = process.env.TEST_DATABASE_URL || null;

/** A new database copied from the migrated template, with a pool the test reads it through. */
export async function freshPostgres(): Promise<{ url: string; database: Database; drop: () => Promise<void> }> {
  const admin = postgresUrl!;
  const name = `medora_t${randomBytes(4).toString('hex')}_${inject('postgresTemplate').split('_').pop()}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name} template ${inject('postgresTemplate')}`);
  await client.end();
  const url = withDatabase(admin, name);
  const database = fromPool(new pg.Pool({ connectionString: url, max: 4 }));
  return {
    url,
    database,
    drop: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: admin });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export type ServerProcess = {
  child: ChildProcess;
  base: string;
  ws: string;
  output: string[];
  exited: Promise<number | null>;
};

/**
 * The production entry point (server/src/main.ts) as its own process, API only, on 127.0.0.1.
 * It runs migrations on start, so a restart on the same database is exactly what a crashed
 * production server goes through.
 */
export async function startServer(databaseUrl: string, port: number): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts', '--api-only'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      TZ: 'UTC',
      NODE_ENV: 'production',
      // Migrates its own database at start (a production deploy runs `npm run migrate` first).
      MIGRATE_ON_START: 'true',
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DEMO_MODE: 'false',
      SEED_DEMO: 'false',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  let gone = false;
  void exited.then(() => (gone = true));
  while (Date.now() < deadline) {
    if (gone) throw new Error(`server exited before it was ready:\n${output.join('')}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok)
        return { child, base, ws: `ws://127.0.0.1:${port}/ws`, output, exited };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server not ready within 60 s:\n${output.join('')}`);
}
