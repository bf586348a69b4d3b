import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU seconds (user + system) used so far, by pid: one pid's, or the PostgreSQL backends' serving
 * one database (their process title names it), so other work on the same server is not counted.
 * A backend that ends between two readings takes its CPU with it, so a difference over time is
 * taken pid by pid (`cpuSince`).
 */
export function cpuByPid(which: { database: string } | { pid: number } | { pids: number[] }): Map<string, number> {
  const pids =
    'pid' in which
      ? [String(which.pid)]
      : 'pids' in which
        ? which.pids.map(String)
        : readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  const byPid = new Map<string, number>();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const command = stat.slice(stat.indexOf('(') + 1, close);
      if ('database' in which) {
        if (command !== 'postgres') continue;
        if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(` ${which.database} `)) continue;
      }
      const fields = stat.slice(close + 2).split(' ');
      byPid.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // the process ended between listing and reading
    }
  }
  return byPid;
}

/** CPU seconds used since `before` by the processes alive now (ones started since count whole). */
export function cpuSince(before: Map<string, number>, now: Map<string, number>): number {
  let seconds = 0;
  for (const [pid, s] of now) seconds += s - (before.get(pid) ?? 0);
  return seconds;
}
