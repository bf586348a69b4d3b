import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { configDefaults, defineConfig, type TestProjectConfiguration } from 'vitest/config';
import { PGLITE_SHARES, pgliteFilesInCi, serverTestFiles, unitTestFiles } from './scripts/database-tests.mjs';

const root = import.meta.dirname;
const alias = {
  '@common': path.join(root, 'common'),
  '@client': path.join(root, 'client/src'),
};

/**
 * Vitest gives a run one worker less than the machine has cores: one on CI's two. The server suites
 * wait on their database most of the time, so two files at a time keep both cores busy (about 40 %
 * off the run). The deploy suites load the whole machine: they run after the rest (deployProject).
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

const deployProject = (
  name: string,
  order: number,
  include: string[],
  exclude: string[],
): TestProjectConfiguration => ({
  resolve: { alias },
  test: {
    maxWorkers: order === 1 ? 1 : 2,
    sequence: { groupOrder: order },
    name,
    include,
    exclude: [...configDefaults.exclude, ...exclude],
    env: { TZ: 'UTC' },
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});

const unit = unitTestFiles();
const unitProject = (name: string, include: string[]): TestProjectConfiguration => ({
  resolve: { alias },
  test: {
    ...SHARED,
    name,
    include,
    setupFiles: ['client/src/test-support/i18n.ts'],
    env: { TZ: 'UTC' },
    // Generous for CI's busy cores (a screen test renders, waits for replies, then clicks).
    testTimeout: 20_000,
    // One import of React, Testing Library and the catalogues per worker, not per file (decision
    // 090); each file still gets its own document. VITEST_ISOLATE=true gives each file a fresh process.
    isolate: process.env.VITEST_ISOLATE === 'true',
  },
});

/**
 * CI, with PostgreSQL beside it, runs the server suite there in full and on PGlite where the
 * drivers differ plus a turning eighth of the rest (decisions 090, 096); PGLITE_ALL=true, and any run
 * outside CI, runs every file on PGlite.
 */
function pgliteFiles(): string[] {
  if (!process.env.CI || !process.env.TEST_DATABASE_URL || process.env.PGLITE_ALL === 'true')
    return ['server/**/*.test.ts'];
  let turn = 0;
  try {
    turn = Number(execFileSync('git', ['rev-list', '--count', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim());
  } catch {
    // Not a clone: the first part.
  }
  const files = pgliteFilesInCi(turn);
  console.warn(
    `server-pglite: ${files.length} files in CI (turn ${turn % PGLITE_SHARES} of ${PGLITE_SHARES}; PGLITE_ALL=true runs all)`,
  );
  return files;
}

// The server suite runs on embedded PGlite always, and on PostgreSQL too when TEST_DATABASE_URL is set.
if (!process.env.TEST_DATABASE_URL)
  console.warn(
    'server-postgres: skipped (TEST_DATABASE_URL is not set); `npm run test:pg` runs the suites on a throwaway PostgreSQL',
  );

export default defineConfig({
  test: {
    projects: [
      // The unit tests (pure code, the client, the scripts): those that need a document, and the rest.
      unitProject('unit-dom', unit.dom),
      unitProject('unit', unit.node),
      serverProject('server-pglite', 'pglite', pgliteFiles()),
      // The deployment files. The failover test kills and restarts instances behind nginx and its
      // rolling restart counts on timings (nginx's fail_timeout, the drain's grace): it runs after
      // everything else, alone. The others (the soak, the proxy, expand/contract, a restore, the
      // Dockerfile's checks) assert only what was served and kept, so they then run two at a time.
      deployProject('deploy', 1, ['deploy/failover.test.ts'], []),
      deployProject('deploy-pairs', 2, ['deploy/**/*.test.ts'], ['deploy/failover.test.ts']),
      // Only the files that use the test database: the others would repeat the same work (decision 053).
      ...(process.env.TEST_DATABASE_URL
        ? [serverProject('server-postgres', 'postgres', serverTestFiles().database)]
        : []),
    ],
  },
});
