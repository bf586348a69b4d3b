import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Debian's coturn (`apt-get install coturn`; .ci/run installs it), or null when it is missing. */
export function turnserverPath(): string | null {
  const found = spawnSync('sh', ['-c', 'command -v turnserver'], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : null;
}

export type Coturn = {
  /** turn: URLs for the browsers, UDP and TCP, on loopback. */
  urls: string[];
  /** Everything coturn has logged so far. */
  log: () => string;
  stop: () => Promise<void>;
};

/**
 * coturn on 127.0.0.1 with the TURN REST scheme (`use-auth-secret`), as compose.yaml runs it but
 * without TLS, relaying between loopback addresses (only inside the media tests' network
 * namespace, where loopback is the whole network). Its log goes to a file the test reads.
 */
export async function startCoturn({ secret, port = 3478 }: { secret: string; port?: number }): Promise<Coturn> {
  const binary = turnserverPath();
  if (!binary) throw new Error('turnserver (Debian package coturn) is not installed');
  const dir = mkdtempSync(path.join(tmpdir(), 'medora-coturn-'));
  const logFile = path.join(dir, 'turnserver.log');
  const child: ChildProcess = spawn(
    binary,
    [
      '-n', // no configuration file: every setting is on this line
      '--listening-ip=127.0.0.1',
      `--listening-port=${port}`,
      '--relay-ip=127.0.0.1',
      '--min-port=49160',
      '--max-port=49200',
      '--use-auth-secret',
      `--static-auth-secret=${secret}`,
      '--realm=medora.test',
      '--allow-loopback-peers',
      '--no-cli',
      '--no-tls',
      '--no-dtls',
      '--verbose',
      `--log-file=${logFile}`,
      '--simple-log',
      `--pidfile=${path.join(dir, 'turnserver.pid')}`,
    ],
    { stdio: 'ignore' },
  );
  let exited = false;
  child.once('exit', () => (exited = true));
  const log = () => {
    try {
      return readFileSync(logFile, 'utf8');
    } catch {
      return '';
    }
  };
  const deadline = Date.now() + 10_000;
  while (!(await listening(port))) {
    if (exited || Date.now() > deadline) throw new Error(`coturn did not start:\n${log()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    urls: [`turn:127.0.0.1:${port}?transport=udp`, `turn:127.0.0.1:${port}?transport=tcp`],
    log,
    stop: async () => {
      if (!exited) {
        const gone = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 5000))]);
        if (!exited) child.kill('SIGKILL');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
