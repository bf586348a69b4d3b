import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

export type StartedServer = { child: ChildProcess; readyMs: number; stop: () => Promise<void> };

/**
 * Runs `command` through the shell (as a user would type it) and resolves once `url` answers 200,
 * with the milliseconds that took. The process gets its own group so stop() ends npm and its children.
 */
export async function startServer(
  command: string,
  url: string,
  env: NodeJS.ProcessEnv,
  opts: { cwd: string; timeoutMs?: number; quiet?: boolean },
): Promise<StartedServer> {
  const started = performance.now();
  const child = spawn(command, {
    cwd: opts.cwd,
    shell: true,
    detached: true,
    stdio: ['ignore', opts.quiet === false ? 'inherit' : 'ignore', 'inherit'],
    env: { ...process.env, ...env },
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  const stop = async () => {
    if (exited) return;
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      return;
    }
    // Wait for the whole group (npm's children too), so the port and the data folder are free again.
    for (let i = 0; i < 300; i++) {
      try {
        process.kill(-child.pid!, 0);
      } catch {
        return;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    process.kill(-child.pid!, 'SIGKILL');
  };
  const deadline = started + (opts.timeoutMs ?? 120_000);
  while (performance.now() < deadline && !exited) {
    const ok = await fetch(url).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return { child, readyMs: performance.now() - started, stop };
    await new Promise((r) => setTimeout(r, 10));
  }
  await stop();
  throw new Error(`${command}: ${url} did not answer 200 ${exited ? '(the process exited)' : 'in time'}`);
}

function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

function rssKb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).slice(0, 3).join(' ');
  } catch {
    return '?';
  }
}

/** Resident memory of `root` and every descendant, per process, in MB. */
export function treeRss(root: number): { pid: number; command: string; mb: number }[] {
  const pids = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number);
  const children = new Map<number, number[]>();
  for (const pid of pids) {
    const parent = parentOf(pid);
    if (parent !== null) children.set(parent, [...(children.get(parent) ?? []), pid]);
  }
  const out: { pid: number; command: string; mb: number }[] = [];
  const walk = (pid: number) => {
    out.push({ pid, command: commandOf(pid), mb: rssKb(pid) / 1024 });
    for (const c of children.get(pid) ?? []) walk(c);
  };
  walk(root);
  // The shell that spawn() uses to run the command is ours, not the user's: leave it out.
  return out.filter((p) => p.pid !== root || !/^\/bin\/sh -c/.test(p.command));
}
