import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** Whether the embedded database under `dataDir` exists yet (PGlite writes PG_VERSION as it creates it). */
export function embeddedDatabaseExists(dataDir: string): boolean {
  return existsSync(path.join(path.resolve(dataDir, 'pglite'), 'PG_VERSION'));
}

/**
 * Creates, migrates and seeds the embedded database in a child process (this program again, with
 * `--prepare-only`), for a first start to open afterwards as every later start does. PGlite's
 * WebAssembly memory never shrinks: seeding in the serving process kept some 60 MB it no longer
 * needed for as long as it ran (303 MB a minute after a first start, 240 after a restart).
 */
export function prepareInChild(program = process.argv.slice(1), nodeArgs = process.execArgv): Promise<void> {
  const args = [...nodeArgs, ...program, '--prepare-only'];
  const child = spawn(process.execPath, args, { stdio: 'inherit' });
  // Stopped while preparing: the child stops too, so no later start finds a second writer.
  const stop = (signal: NodeJS.Signals) => child.kill(signal);
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  return new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`preparing the database failed (${signal ?? `exit code ${code}`})`)),
    );
  }).finally(() => {
    process.off('SIGTERM', stop);
    process.off('SIGINT', stop);
  });
}
