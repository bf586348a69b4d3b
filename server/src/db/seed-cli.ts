import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from './client';
import { runMigrations } from './migrate';
import { DEFAULT_SEED_DOCTORS, isEmpty, seedDemo } from './seed';

// npm run seed [-- --doctors N] [-- --reset]
function parseArgs(argv: string[]) {
  const i = argv.indexOf('--doctors');
  const doctors = i >= 0 ? Number(argv[i + 1]) : DEFAULT_SEED_DOCTORS;
  if (!Number.isInteger(doctors) || doctors < 1 || doctors > 1_000_000) {
    throw new ConfigError(['--doctors: must be a whole number between 1 and 1000000']);
  }
  return { doctors, reset: argv.includes('--reset') };
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await runMigrations(database);
    if (args.reset) {
      await database.db.execute(
        sql`truncate users, doctors, appointments, payments, earnings, payouts, consultations, chat_messages, notifications, reviews, sessions cascade`,
      );
    } else if (!(await isEmpty(database.db))) {
      console.error('The database already has data. Run `npm run seed -- --reset` to wipe it and seed again.');
      process.exitCode = 1;
      return;
    }
    const started = Date.now();
    console.log(`Seeding ${args.doctors} doctors on ${database.driver}…`);
    await seedDemo(database.db, { doctors: args.doctors, log: console.log });
    console.log(`Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
