import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { migrationsApplied, runMigrations } from './db/migrate';
import { seedDemoIfEmpty } from './db/seed';
import { ensureDemoConsultation } from './db/demo-consultation';
import { ensureDemoVisitSummary } from './db/demo-visit-summary';
import { demoAccountsPresent } from './db/demo-accounts';

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
  // A consultation the demo accounts can open right away (README: try a live consultation).
  if (config.demoMode) for (const type of config.demoConsultationTypes) await ensureDemoConsultation(database.db, type);
  if (config.demoMode) await ensureDemoVisitSummary(database.db);

  // --api-only serves the API and /ws without the client build (the crash test runs the server that way).
  const client = dev ? 'vite' : process.argv.includes('--api-only') ? 'none' : 'build';
  const app = await buildApp({ config, database, client });
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
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close(); // stops the listener and closes open sockets
      await database.close();
    } finally {
      clearTimeout(timer);
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { driver: database.driver, demoMode: config.demoMode },
    `Medora is ready at http://localhost:${config.port}`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
