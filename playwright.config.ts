import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/chromium';

const PORT = Number(process.env.E2E_PORT ?? 5310);
// The audits only read (decision 053), so they run beside the journeys on a server and database of
// their own and share nothing with them. PORT + 1 may be another run's PORT; PORT + 1000 is clear.
const AUDIT_PORT = Number(process.env.E2E_AUDIT_PORT ?? PORT + 1000);
const AUDITS = ['**/accessibility.spec.ts'];
// A second line of journeys on a third server (decision 087): whichever worker is free takes them,
// so neither sits idle while the other still has a queue. These specs need nothing the first
// line's journeys leave behind. PORT + 2000 is clear of the others.
const SECOND_LINE = ['**/shell.spec.ts', '**/languages.spec.ts'];
const SECOND_PORT = Number(process.env.E2E_SECOND_PORT ?? PORT + 2000);
const MEDIA = !!process.env.E2E_MEDIA;
const desktop = { ...devices['Desktop Chrome'], channel: undefined };

/** The production build on a fresh embedded database of its own: a copy of one prepared for the run. */
const server = (port: number) => ({
  command: `node scripts/e2e-data.mjs .data/e2e-${port} && node dist/server/main.js`,
  url: `http://127.0.0.1:${port}/api/health`,
  reuseExistingServer: false,
  // The first server to start prepares the database the three copy (scripts/e2e-data.mjs).
  timeout: Number(process.env.E2E_SERVER_TIMEOUT_MS ?? 180_000),
  env: {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: `.data/e2e-${port}`,
    LOG_LEVEL: 'warn',
    DEMO_MODE: 'true',
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
  },
});

// End-to-end tests run the production build on a fresh embedded database in Debian's Chromium.
// Two workers: one walks the journeys in order on one server (they share its demo accounts, see
// docs/testing.md), the other runs the audits on the second server, then helps with what is left.
export default defineConfig({
  testDir: 'e2e',
  // Per-port output and data folders let several runs share one machine.
  outputDir: `test-results/${PORT}`,
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 2,
  // No retries, in CI too (issue 40): a journey that passes only on a second try is a failure to fix.
  retries: 0,
  // Generous: CI's two cores run two servers and two browsers at once, and a first page load there
  // took more than 12 s once (/profile). A wait that runs out is a failure all the same, only later.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    timezoneId: 'UTC',
    locale: 'en-US',
    trace: 'on-first-retry',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    {
      name: 'journeys',
      testIgnore: [...AUDITS, ...(MEDIA ? [] : ['**/media/**', ...SECOND_LINE])],
      // One at a time: the journeys share the demo accounts of their server.
      workers: 1,
      use: desktop,
    },
    ...(MEDIA
      ? []
      : [
          {
            name: 'journeys-2',
            testMatch: SECOND_LINE,
            workers: 1,
            use: { ...desktop, baseURL: `http://127.0.0.1:${SECOND_PORT}` },
          },
          {
            name: 'audits',
            testMatch: AUDITS,
            // The four roles' axe passes are independent readers: any worker takes any of them.
            fullyParallel: true,
            use: { ...desktop, baseURL: `http://127.0.0.1:${AUDIT_PORT}` },
          },
        ]),
  ],
  webServer: [server(PORT), ...(MEDIA ? [] : [server(AUDIT_PORT), server(SECOND_PORT)])],
});
