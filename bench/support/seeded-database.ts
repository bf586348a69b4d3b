import { execFileSync } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * A PostgreSQL database named `dbName` holding `doctorCount` seeded doctors. With `reuse`, an
 * existing one that already has them is kept (seeding 100,000 takes minutes); otherwise it is
 * dropped, created and seeded, and `afterSeed` runs on the fresh data. Returns its URL.
 */
export async function seededDatabase(opts: {
  adminUrl: string;
  dbName: string;
  doctorCount: number;
  reuse: boolean;
  afterSeed?: (db: pg.Client) => Promise<void>;
}): Promise<string> {
  const { adminUrl, dbName, doctorCount } = opts;
  const dbUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [dbName])).rowCount;
  let seeded = 0;
  if (exists && opts.reuse) {
    const db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    seeded = Number(
      (await db.query('select count(*) from doctors').catch(() => ({ rows: [{ count: 0 }] }))).rows[0].count,
    );
    await db.end();
  }
  if (seeded < doctorCount) {
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.query(`create database ${dbName}`);
    console.log(`Seeding ${doctorCount} doctors into ${dbName}…`);
    execFileSync('npm', ['run', 'seed', '--', '--doctors', String(doctorCount)], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, DATABASE_URL: dbUrl },
    });
    if (opts.afterSeed) {
      const db = new pg.Client({ connectionString: dbUrl });
      await db.connect();
      await opts.afterSeed(db);
      await db.end();
    }
  } else {
    console.log(`Reusing ${dbName} with ${seeded} doctors.`);
  }
  await admin.end();
  return dbUrl;
}
