/**
 * One app instance for the several-instances mail benchmark (run.ts forks it): its job worker
 * drains the shared PostgreSQL queue from `start` until `stop`, then it reports its CPU time.
 */
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { openDatabase } from '../../server/src/db/client';

const send = (message: unknown) => process.send?.(message);
const database = await openDatabase({ databaseUrl: process.env.BENCH_DB_URL, dataDir: '', poolSize: 10 });
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn', SMTP_URL: process.env.BENCH_SMTP_URL });
const app = await buildApp({ config, database, jobs: { start: false } });
await app.ready();
let cpuBefore = process.cpuUsage();

process.on('message', async (message) => {
  if (message === 'start') {
    cpuBefore = process.cpuUsage();
    await app.jobWorker.start();
  } else if (message === 'stop') {
    const cpu = process.cpuUsage(cpuBefore);
    await app.close();
    await database.close();
    send({ cpuMs: (cpu.user + cpu.system) / 1000 });
    process.disconnect();
  }
});
send({ ready: true });
