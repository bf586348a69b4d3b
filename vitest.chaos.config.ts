import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

const root = import.meta.dirname;

/**
 * The chaos suites (docs/testing.md): a fuzz run generated from the route table, and crash and
 * socket tests against a real server process on PostgreSQL. Kept out of the unit run by their
 * `.chaos.test.ts` names; files run one after another so the timings stay readable on small CI boxes.
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
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
