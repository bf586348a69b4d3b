import net from 'node:net';
import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { SHUTDOWN_CLOSE_CODE } from './realtime/realtime';
import { ConfigError, loadConfig } from './config';
import { missingOperatorVariables } from './config/operator';
import { openDatabase } from './db/client';
import { migrationsApplied, runMigrations } from './db/migrate';
import { embeddedDatabaseExists, prepareInChild } from './db/prepare-first';
import { seedDemoIfEmpty } from './db/seed';
import { ensureDemoConsultation } from './db/demo-consultation';
import { ensureDemoVisitSummary } from './db/demo-visit-summary';
import { demoAccountsPresent } from './db/demo-accounts';
import { issueMissingReceipts } from './modules/receipts/backfill';

/**
 * Rolling restarts lose no request (docs/resilience.md, decision 064). On SIGTERM the instance
 * first serves as before for GRACE_MS, kept-alive connections and all: a sibling restarted just
 * before may still be marked failed by nginx (for its fail_timeout, 2 s), and refusing at once
 * would leave nginx no live instance. Then it stops listening: the proxy's next connection is
 * refused, which nginx retries on the other instance even for a POST (nothing was sent). Requests
 * on connections it still holds are served with `Connection: close`; idle ones are left for nginx
 * to close (its upstream keepalive_timeout, 2 s), since closing one ourselves could cut a request
 * nginx is sending on it just then. After DRAIN_MS whatever is left is closed.
 *
 * Closing the listener resets any connection the kernel has accepted that Node has not yet taken,
 * so nothing may make nginx open new connections just before it: decision 044 served its grace
 * period with `Connection: close`, nginx opened a connection per request, and one POST in
 * ~15,000 was lost.
 */
const GRACE_MS = 2_500;
const DRAIN_MS = 5_000;

/**
 * Stops accepting connections and waits (at most `timeoutMs`) for the open ones to finish or be
 * closed by the proxy, while the app still answers them: Fastify's own close would answer 503 to a
 * request on a connection it already holds. Sockets are asked to move first (clients reconnect elsewhere).
 */
async function stopListening(app: FastifyInstance, timeoutMs: number) {
  // net.Server's close, not http.Server's: that one also cuts idle connections, among them one the
  // proxy has just opened and is sending a request on.
  const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(app.server, () => resolve()));
  const sockets = (
    app as unknown as { websocketServer?: { clients: Set<{ close(code: number, reason: string): void }> } }
  ).websocketServer?.clients;
  for (const socket of sockets ?? []) socket.close(SHUTDOWN_CLOSE_CODE, 'Server shutting down');
  let timer: NodeJS.Timeout | undefined;
  const waited = await Promise.race([
    closed.then(() => 'closed' as const),
    new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs))),
  ]);
  clearTimeout(timer);
  if (waited === 'timeout') {
    // Which connections outlive the drain is what an operator needs to tune it.
    const open = await new Promise<number>((resolve) => app.server.getConnections((_e, n) => resolve(n ?? -1)));
    app.log.warn(
      { openConnections: open, websockets: sockets?.size ?? 0 },
      `shutdown: ${open} connections still open after ${timeoutMs} ms; closing them`,
    );
  }
}

function closeConnectionsWhileDraining(app: FastifyInstance): () => void {
  let draining = false;
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });
  return () => {
    draining = true;
  };
}

/** Often enough that a demo room is always startable (it is replaced with 10 minutes of its slot left). */
const DEMO_REFRESH_MS = 5 * 60_000;

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const dev = process.argv.includes('--dev');
  const prepareOnly = process.argv.includes('--prepare-only');
  // A first start of the embedded database seeds in a process of its own (prepare-first.ts).
  if (!config.databaseUrl && config.migrateOnStart && !prepareOnly && !embeddedDatabaseExists(config.dataDir))
    await prepareInChild();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.dbPoolSize,
  });
  if (config.migrateOnStart) await runMigrations(database);
  else if (!(await migrationsApplied(database)))
    // Not ready (503 on /api/health/ready) until `npm run migrate` has run: expand/contract
    // deploys migrate first, while the previous release still serves.
    console.error('The database lacks migrations of this release: run `npm run migrate` (docs/operations.md).');
  if (config.env === 'production') {
    const demo = await demoAccountsPresent(database.db);
    if (demo.length) {
      console.error(
        `Refusing to start in production: the database holds the demo accounts ${demo.join(', ')}, whose password is public. Delete them (or use a database without demo data).`,
      );
      await database.close();
      process.exit(1);
    }
  }
  if (config.seedDemo) await seedDemoIfEmpty(database.db);
  // --prepare-only migrates and seeds, then exits: the end-to-end servers copy one prepared
  // database (scripts/e2e-data.mjs) instead of each seeding its own at once on CI's two cores.
  if (prepareOnly) {
    await database.close();
    return;
  }
  // A consultation the demo accounts can open right away (README: try a live consultation).
  if (config.demoMode) for (const type of config.demoConsultationTypes) await ensureDemoConsultation(database.db, type);
  if (config.demoMode) await ensureDemoVisitSummary(database.db);

  // --api-only serves the API and /ws without the client build (the crash test runs the server that way).
  const client = dev ? 'vite' : process.argv.includes('--api-only') ? 'none' : 'build';
  // JOB_WORKER (decision 107): a process of `only` runs the queue and serves nothing.
  const serves = config.jobWorker !== 'only';
  const app = await buildApp({
    config,
    database,
    client: serves ? client : 'none',
    jobs: { start: config.jobWorker !== 'off' },
  });
  const startDraining = closeConnectionsWhileDraining(app);
  // Payments made before numbered receipts existed get theirs, in the background (idempotent).
  if (await migrationsApplied(database))
    issueMissingReceipts(database.db, new Date())
      .then((issued) => issued && app.log.info(`receipts issued for ${issued} earlier payments`))
      .catch((error) => app.log.warn({ err: error }, 'earlier payments not given receipts'));
  // A demo room can be started only within its slot, so a long-running demo makes a fresh one
  // whenever the current one is about to run out. A timer of this process, not a scheduled job:
  // it exists only in demo mode, each refresh is idempotent (it tops up what is missing), so two
  // demo instances refreshing together do no harm, and a job kind would add a kind to the
  // database's list for something production never runs.
  const demoRefresh = config.demoMode
    ? setInterval(() => {
        for (const type of config.demoConsultationTypes)
          ensureDemoConsultation(database.db, type).catch((error) =>
            app.log.warn({ err: error }, 'demo consultation not refreshed'),
          );
      }, DEMO_REFRESH_MS).unref()
    : undefined;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    clearInterval(demoRefresh);
    const timer = setTimeout(() => process.exit(1), GRACE_MS + DRAIN_MS + 15_000).unref();
    try {
      // Ctrl-C in a terminal has nobody to drain for, nor has a process that serves nothing.
      if (signal === 'SIGTERM' && serves) {
        await new Promise((resolve) => setTimeout(resolve, GRACE_MS));
        startDraining();
        await stopListening(app, DRAIN_MS);
      }
      await app.close(); // stops the listener and closes open sockets
      await database.close();
    } finally {
      clearTimeout(timer);
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  if (!serves) {
    // Mail can wait a few milliseconds; a request should not wait behind it (decision 118).
    try {
      os.setPriority(config.jobWorkerNice);
    } catch (error) {
      app.log.warn({ err: error }, 'the job worker keeps its priority');
    }
    app.log.info(
      { driver: database.driver, nice: os.getPriority() },
      'Medora’s job worker is running (JOB_WORKER=only: no HTTP)',
    );
    return;
  }
  await app.listen({ port: config.port, host: config.host });
  // Warned, not refused (decision 052): the privacy policy then says the operator has not
  // published these details, which is true, rather than the service staying down.
  if (config.env === 'production') {
    for (const name of missingOperatorVariables(config.operator)) {
      app.log.warn(`${name} is not set: the privacy policy and receipts cannot name the operator's details`);
    }
  }
  app.log.info(
    { driver: database.driver, demoMode: config.demoMode },
    `Medora is ready at http://localhost:${config.port}`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
