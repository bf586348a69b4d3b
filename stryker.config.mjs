// Mutation testing (issue 38, item 6; docs/mutation-testing.md): `npm run test:mutation`.
// Not part of `npm test` nor CI: a full run takes hours on two cores.
import { pickedModules } from './scripts/mutation-modules.mjs';
import process from 'node:process';

const modules = pickedModules();
const report = `reports/mutation/${(process.env.MUTATION_MODULES ?? 'all').replaceAll(',', '-')}${process.env.MUTATE ? '-part' : ''}`;

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  // MUTATE=file,file narrows a run to some files of the modules picked (their tests stay the module's).
  mutate: [...(process.env.MUTATE?.split(',') ?? modules.flatMap((m) => m.mutate)), '!**/*.test.ts'],
  // Each mutant runs only the tests that reached it in the first run.
  coverageAnalysis: 'perTest',
  // The machines have two cores shared by everyone on them.
  concurrency: 1,
  // The sandbox needs the server, common, the migrations, client/public (the API docs page
  // reads its mark) and client/src (the API description's test reads the client's endpoints);
  // the rest is weight. A test file that fails to load is NOT reported by the
  // runner: check the dry run's test count (docs/mutation-testing.md).
  ignorePatterns: ['e2e', 'bench', 'deploy', 'docs', 'dist', '.data', 'reports', 'test-results', 'playwright-report'],
  timeoutMS: 60_000,
  // The first run goes through every test file once; on a busy machine that is more than the default 5 minutes.
  dryRunTimeoutMinutes: 30,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: `${report}.html` },
  jsonReporter: { fileName: `${report}.json` },
  thresholds: { high: 90, low: 80, break: null },
  cleanTempDir: 'always',
};
