import { ConfigError, loadConfig } from '../config';
import { openDatabase } from './client';
import { migrationsApplied, runMigrations } from './migrate';

/**
 * `npm run migrate` (built as dist/server/migrate.js): applies this release's migrations to
 * DATABASE_URL (or the embedded database in DATA_DIR) and exits. In production it runs before the
 * new release's instances start, while the previous release still serves (docs/operations.md).
 */
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
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 3 });
  try {
    const before = await migrationsApplied(database);
    await runMigrations(database);
    console.log(before ? 'migrate: nothing to do, every migration is applied' : 'migrate: every migration is applied');
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(`migrate: failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
