import path from 'node:path';
import { configDefaults, defineConfig, type TestProjectConfiguration } from 'vitest/config';
import { serverTestFiles } from './scripts/database-tests.mjs';

const root = import.meta.dirname;
const alias = {
  '@common': path.join(root, 'common'),
  '@client': path.join(root, 'client/src'),
};

/**
 * Vitest gives a run one worker less than the machine has cores: one on CI's two. The server suites
 * wait on their database most of the time, so two files at a time keep both cores busy (about 40 %
 * off the run). The deploy suites (a soak, instances killed behind nginx) load the whole machine
 * and time what they measure: they run after the rest, alone.
 */
const SHARED = { maxWorkers: 2, sequence: { groupOrder: 0 } };

const serverProject = (name: string, driver: string, include: string[]): TestProjectConfiguration => ({
  resolve: { alias },
  test: {
    ...SHARED,
    name,
    include,
    // The chaos suites have their own config and script (test:chaos).
    exclude: [...configDefaults.exclude, '**/*.chaos.test.ts'],
    globalSetup: ['server/src/test-support/global-setup.ts'],
    env: { TZ: 'UTC', TEST_DB_DRIVER: driver },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One import of the app per worker, not per file (decision 053): each file still builds its own
    // app on its own database, and server code keeps no state in modules. Set VITEST_ISOLATE=true
    // to run each file in a fresh process when hunting a leak between files.
    isolate: process.env.VITEST_ISOLATE === 'true',
  },
});

// The server suite runs on embedded PGlite always, and on PostgreSQL too when TEST_DATABASE_URL is set.
if (!process.env.TEST_DATABASE_URL)
  console.warn(
    'server-postgres: skipped (TEST_DATABASE_URL is not set); `npm run test:pg` runs the suites on a throwaway PostgreSQL',
  );

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          ...SHARED,
          name: 'unit',
          include: ['common/**/*.test.ts', 'client/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          setupFiles: ['client/src/test-support/i18n.ts'],
          env: { TZ: 'UTC' },
        },
      },
      serverProject('server-pglite', 'pglite', ['server/**/*.test.ts']),
      // The deployment files: the Dockerfile's checks and two instances behind nginx on PostgreSQL.
      {
        resolve: { alias },
        test: {
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
          name: 'deploy',
          include: ['deploy/**/*.test.ts'],
          env: { TZ: 'UTC' },
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      // Only the files that use the test database: the others would repeat the same work (decision 053).
      ...(process.env.TEST_DATABASE_URL
        ? [serverProject('server-postgres', 'postgres', serverTestFiles().database)]
        : []),
    ],
  },
});
