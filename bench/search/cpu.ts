import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU seconds (user + system) used so far by one pid, or by the PostgreSQL backends serving one
 * database (their process title names it), so other work on the same server is not counted.
 */
export function cpuSeconds(which: { database: string } | { pid: number }): number {
  const pids = 'pid' in which ? [String(which.pid)] : readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  let ticks = 0;
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
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process ended between listing and reading
    }
  }
  return ticks / 100;
}
