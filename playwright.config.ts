import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/chromium';

const PORT = Number(process.env.E2E_PORT ?? 5310);

// End-to-end tests run the production build on a fresh embedded database in Debian's Chromium.
export default defineConfig({
  testDir: 'e2e',
  // Per-port output and data folders let several runs share one machine.
  outputDir: `test-results/${PORT}`,
  testMatch: '**/*.spec.ts',
  testIgnore: process.env.E2E_MEDIA ? [] : ['**/media/**'],
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    timezoneId: 'UTC',
    locale: 'en-US',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: `rm -rf .data/e2e-${PORT} && node dist/server/main.js`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: `.data/e2e-${PORT}`,
      LOG_LEVEL: 'warn',
      DEMO_MODE: 'true',
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    },
  },
});
