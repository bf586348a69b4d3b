import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { pickedModules } from './scripts/mutation-modules.mjs';

/**
 * The tests StrykerJS runs against each mutant (stryker.config.mjs): only the server files that
 * cover the modules picked, on PGlite, one at a time. The money property test runs one run of
 * 250 steps here instead of its 2,000: it is run again for every mutant it reaches.
 */
const root = import.meta.dirname;
const include = [...new Set(pickedModules().flatMap((m) => m.tests))];

/**
 * The focused files first, the property test last: the runner stops at the first failure, so a
 * mutant a unit test kills costs seconds, and only the survivors pay for the long random run.
 * (Vitest's own order puts the slowest file first.)
 */
class FocusedFirst extends BaseSequencer {
  async sort(files: TestSpecification[]) {
    const slow = (file: TestSpecification) => (file.moduleId.includes('.property.') ? 1 : 0);
    return [...files].sort((a, b) => slow(a) - slow(b) || a.moduleId.localeCompare(b.moduleId));
  }
}

export default defineConfig({
  resolve: { alias: { '@common': path.join(root, 'common'), '@client': path.join(root, 'client/src') } },
  test: {
    include,
    maxWorkers: 1,
    sequence: { sequencer: FocusedFirst },
    globalSetup: ['server/src/test-support/global-setup.ts'],
    env: { TZ: 'UTC', TEST_DB_DRIVER: 'pglite', MONEY_STEPS: process.env.MONEY_STEPS ?? '250' },
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
