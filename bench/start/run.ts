/**
 * Cold start: time from running the start command to the first 200 from the server, on the
 * embedded database.
 *   npx tsx bench/start/run.ts [-- --runs 3] [-- --cmd "node dist/server/main.js"]
 * "first start" begins with an empty data folder (initdb, migrations, demo seed); "restart"
 * reopens that folder, which is what every later start does. Port BENCH_PORT (default 5430).
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startServer } from '../support/server-process';

const root = path.resolve(import.meta.dirname, '../..');
const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    cmd: { type: 'string', multiple: true },
  },
});
const port = Number(process.env.BENCH_PORT ?? 5430);
const commands = args.cmd?.length ? args.cmd : ['npm start', 'node dist/server/main.js'];
const dataDir = `.data/bench-start-${port}`;
const env = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
const url = `http://127.0.0.1:${port}/`;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rows: { command: string; first: number; restart: number[] }[] = [];
for (const command of commands) {
  rmSync(path.join(root, dataDir), { recursive: true, force: true });
  const first = await startServer(command, url, env, { cwd: root });
  await first.stop();
  const restart: number[] = [];
  for (let i = 0; i < Number(args.runs); i++) {
    const server = await startServer(command, url, env, { cwd: root });
    restart.push(server.readyMs);
    await server.stop();
  }
  rows.push({ command, first: first.readyMs, restart });
}
rmSync(path.join(root, dataDir), { recursive: true, force: true });

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
console.log(`\ncommand                          first start   restart (median)   restarts`);
for (const r of rows)
  console.log(
    `${r.command.padEnd(32)} ${s(r.first).padStart(11)}   ${s(median(r.restart)).padStart(16)}   ${r.restart.map(s).join(', ')}`,
  );
