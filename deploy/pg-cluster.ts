import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A throwaway PostgreSQL cluster of the test's own, so a test can stop and start it (never a
 * shared server). Debian's binaries run as the `postgres` user; the test must run as root.
 */
export type Cluster = { url: string; stop: () => void; start: () => void; destroy: () => void };

export function pgBin(): string | null {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) if (existsSync(path.join(base, v, 'bin/initdb'))) return path.join(base, v, 'bin');
  return null;
}

export function missingForCluster(): string | null {
  if (!pgBin()) return 'PostgreSQL binaries are not installed (apt-get install postgresql)';
  if (process.getuid?.() !== 0) return 'starting an own PostgreSQL cluster needs root (runuser -u postgres)';
  return null;
}

export function createCluster(port: number): Cluster {
  const bin = pgBin()!;
  const dir = mkdtempSync(path.join(tmpdir(), 'medora-pg-'));
  execFileSync('chown', ['postgres', dir]);
  const asPostgres = (tool: string, args: string[]) =>
    execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args], { stdio: 'pipe' });
  asPostgres('initdb', ['-D', dir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const start = () =>
    asPostgres('pg_ctl', [
      '-D',
      dir,
      '-l',
      path.join(dir, 'log'),
      '-w',
      '-o',
      `-p ${port} -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`,
      'start',
    ]);
  const stop = () => asPostgres('pg_ctl', ['-D', dir, '-m', 'fast', '-w', 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    destroy: () => {
      try {
        stop();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
