import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

const root = import.meta.dirname;

/**
 * The chaos suites (docs/testing.md): a fuzz run generated from the route table, and crash and
 * socket tests against a real server process on PostgreSQL. Kept out of the unit run by their
 * `.chaos.test.ts` names. Two files at a time: each waits on its server process a third of the
 * time (measured here: 60–70 % of two cores busy with one file), and none asserts a timing.
 */
export default defineConfig({
  resolve: {
    alias: { '@common': path.join(root, 'common'), '@client': path.join(root, 'client/src') },
  },
  test: {
    name: 'chaos',
    include: ['server/**/*.chaos.test.ts'],
    exclude: configDefaults.exclude,
    globalSetup: ['server/src/test-support/global-setup.ts'],
    env: { TZ: 'UTC', TEST_DB_DRIVER: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' },
    maxWorkers: 2,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
