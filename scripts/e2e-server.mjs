// The end-to-end server: the production build on a fresh database of its own. With TEST_DATABASE_URL
// (CI, `npm run test:pg`) that is a new PostgreSQL database, as in production; without it, a fresh
// embedded PGlite folder, as `npm start` runs. PostgreSQL also spares the two cores the in-process
// database's work while two servers and two browsers share them.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import pg from 'pg';

const port = process.env.PORT;
const env = { ...process.env };
if (process.env.TEST_DATABASE_URL) {
  const name = `medora_e2e_${port}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  Object.assign(env, { DATABASE_URL: url.toString(), MIGRATE_ON_START: 'true' });
} else {
  rmSync(env.DATA_DIR, { recursive: true, force: true });
}
const child = spawn(process.execPath, ['dist/server/main.js'], { env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
