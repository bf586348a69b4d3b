import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * The node arguments that run the API as `npm start` does: the built server (built first when the
 * sources are newer) with the start script's own node flags (the heap budget among them), read from
 * package.json so that the benchmarks measure what production runs, never a tsx process of its own.
 * `--api-only` leaves the client build out.
 */
export function builtServerArgs(extra: string[] = []): string[] {
  execFileSync(process.execPath, ['scripts/ensure-build.mjs'], { cwd: root, stdio: 'inherit' });
  const start = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } })
    .scripts.start;
  const flags = start.split(/\s+/).filter((word) => word.startsWith('--'));
  return [...flags, ...extra, 'dist/server/main.js', '--api-only'];
}

/**
 * Environment of a benchmark's app on a seeded database. NODE_ENV stays development only because a
 * seeded database holds the demo accounts, which a production server refuses to start with
 * (server/src/main.ts); with DATABASE_URL set and DEMO_MODE off nothing else of the API differs.
 */
export const BENCH_APP_ENV = { NODE_ENV: 'development', DEMO_MODE: 'false' } as const;
