// The API exactly as server/src/main.ts builds it, minus the static client (the benchmark
// measures the search endpoint and must not depend on a client build lying around).
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { openDatabase } from '../../server/src/db/client';
import { runMigrations } from '../../server/src/db/migrate';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: config.dbPoolSize,
});
await runMigrations(database); // a reused bench database may predate the newest migration
const app = await buildApp({ config, database, client: 'none' });
const shutdown = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
await app.listen({ port: config.port, host: config.host });
