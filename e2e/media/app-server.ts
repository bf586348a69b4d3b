import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';

export type AppServer = { url: string; stop: () => Promise<void> };

/**
 * A demo server of its own (the production build, a fresh embedded database with its ready demo
 * consultation) for a spec that needs settings the shared one lacks. Stopped by its own pid.
 */
export async function startAppServer(port: number, env: Record<string, string>): Promise<AppServer> {
  const dataDir = `.data/e2e-relay-${port}`;
  rmSync(dataDir, { recursive: true, force: true });
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    // Not the test worker's environment: its NODE_OPTIONS load Playwright's TypeScript hooks.
    env: {
      PATH: process.env.PATH,
      TZ: 'UTC',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEMO_MODE: 'true',
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (exited) throw new Error(`the app on port ${port} exited before it was ready`);
    const ok = await fetch(`${url}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`the app on port ${port} was not ready within 150 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    stop: async () => {
      if (exited) return;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      // SIGINT: no proxy to drain for, so the server closes at once.
      child.kill('SIGINT');
      await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 15_000))]);
      if (!exited) child.kill('SIGKILL');
    },
  };
}
