import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const NGINX_CONF = path.join(ROOT, 'deploy/nginx.conf');

/**
 * Starts one app instance as production does, from the built server (`npm run build`; `npm ci`
 * builds it too). `--api-only`: the proxy test needs the API and /ws, not the client files.
 */
export function startAppInstance(env: Record<string, string>): ChildProcess {
  if (!existsSync(path.join(ROOT, 'dist/server/main.js')))
    throw new Error('dist/server/main.js is missing: run `npm run build`');
  return spawn(process.execPath, ['dist/server/main.js', '--api-only'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', TZ: 'UTC', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export function nginxBinary(): string | null {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx']) {
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

/**
 * deploy/nginx.conf for loopback: the lines marked "test:" get the loopback port, the two
 * instances' addresses and one worker (so round robin alternates strictly), and everything nginx
 * writes (logs, temp files) goes under `dir`. Nothing else changes.
 */
export function nginxConfigForTest(conf: string, opts: { dir: string; listen: number; upstreams: [number, number] }) {
  const replace = (text: string, from: RegExp, to: string) => {
    if (!from.test(text)) throw new Error(`deploy/nginx.conf has no line matching ${from}`);
    return text.replace(from, to);
  };
  let out = conf;
  out = replace(out, /worker_processes [^;]+; # test: 1/, 'worker_processes 1;');
  out = replace(out, /server app1:5000([^;]*); # test: first instance/, `server 127.0.0.1:${opts.upstreams[0]}$1;`);
  out = replace(out, /server app2:5000([^;]*); # test: second instance/, `server 127.0.0.1:${opts.upstreams[1]}$1;`);
  out = replace(out, /listen 80; # test: loopback port/, `listen 127.0.0.1:${opts.listen};`);
  const d = opts.dir;
  out = replace(
    out,
    /^http \{$/m,
    [
      'http {',
      `  access_log ${d}/access.log;`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${d}/${t}_temp;`),
    ].join('\n'),
  );
  return out;
}

/** Debian's nginx in the foreground as our child, with its pid file and logs under `dir`. */
export function startNginx(binary: string, dir: string, conf: string): ChildProcess {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'nginx.conf');
  writeFileSync(file, conf);
  return spawn(
    binary,
    ['-p', dir, '-c', file, '-e', path.join(dir, 'error.log'), '-g', `daemon off; pid ${dir}/nginx.pid;`],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
}

export const readNginxConf = () => readFileSync(NGINX_CONF, 'utf8');

/** Polls until `url` answers 200, or fails with what the process printed. */
export async function waitUntilUp(url: string, child: ChildProcess, output: () => string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited with ${child.exitCode}\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not come up within ${timeoutMs} ms\n${output()}`);
}

/** Stops a child by its own pid and waits for it to go. */
export async function stopChild(child: ChildProcess | undefined, signal: NodeJS.Signals = 'SIGTERM') {
  if (!child || child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(child.pid, signal);
  const timer = setTimeout(
    () => child.pid !== undefined && child.exitCode === null && process.kill(child.pid, 'SIGKILL'),
    10_000,
  );
  await exited;
  clearTimeout(timer);
}

/** Keeps the last lines a child printed, for failure messages. */
export function captureOutput(child: ChildProcess): () => string {
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return () => lines.join('\n');
}
