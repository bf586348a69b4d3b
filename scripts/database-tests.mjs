// Which server test files use the test database, for vitest.config.ts: only those run a second
// time on PostgreSQL. A file that never opens the test database does the same work whichever
// driver its project names, so running it twice proves nothing new (decision 053).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { importsOf, root, sourceFiles } from './import-graph.mjs';

const TEST_DATABASE = path.join(root, 'server/src/test-support/test-database.ts');
// A file that reads the driver or the PostgreSQL address itself decides for itself what to run.
const NAMES_THE_DRIVER = /TEST_DATABASE_URL|TEST_DB_DRIVER|\btestDriver\b|[^.\w]inject\(\s*['"]/;

/** Whether `file`, or a project file it imports (at any depth), reaches the test database. */
function reachesDatabase(file, seen) {
  if (seen.has(file)) return false;
  seen.add(file);
  if (file === TEST_DATABASE || NAMES_THE_DRIVER.test(fs.readFileSync(file, 'utf8'))) return true;
  return importsOf(file).some(({ target }) => reachesDatabase(target, seen));
}

/** The server's test files (chaos suites left out) split by whether they use the test database. */
export function serverTestFiles() {
  const files = sourceFiles(path.join(root, 'server')).filter(
    (file) => /\.test\.ts$/.test(file) && !file.endsWith('.chaos.test.ts'),
  );
  const database = [];
  const other = [];
  for (const file of files)
    (reachesDatabase(file, new Set()) ? database : other).push(path.relative(root, file).split(path.sep).join('/'));
  return { database, other };
}

/**
 * Where the two drivers differ: the schema and its guards, sessions and concurrency (PGlite runs
 * one transaction at a time), notifications, locks, the clock and jobs, and the files that ask for
 * the driver by name. CI runs these on PGlite always (decision 090).
 */
const DRIVER_BOUNDARY =
  /^server\/src\/(db|realtime)\/|\/(ledger|jobs|health)\/|race|concurren|two-instances|state|directory-search|idempotency|shared-limits/;

/** A stable share for a path, so a file's turn does not move between runs. */
const shareOf = (file, shares) => createHash('sha256').update(file).digest().readUInt32BE(0) % shares;

export const PGLITE_SHARES = 8;

/**
 * The server test files CI runs on PGlite besides PostgreSQL (decision 090): every file that does
 * not use the test database (it runs on PGlite only), the driver boundary, and one of `shares`
 * parts of the rest (an eighth since decision 096), the part turning with `turn` (the commit count),
 * so that any `shares` consecutive commits run every file on both. A local `npm test` runs all of them on both.
 */
export function pgliteFilesInCi(turn, shares = PGLITE_SHARES) {
  const { database, other } = serverTestFiles();
  const picked = database.filter(
    (file) =>
      DRIVER_BOUNDARY.test(file) ||
      NAMES_THE_DRIVER.test(fs.readFileSync(path.join(root, file), 'utf8')) ||
      shareOf(file, shares) === turn % shares,
  );
  return [...other, ...picked];
}

/**
 * The unit project's test files split by the document they need: those that name the jsdom
 * environment (`// @vitest-environment jsdom`) and the rest. Vitest runs them as two projects: mixed
 * in one worker that is reused between files, each switch of environment cost more than the files'
 * own tests (the project took 86 s here, its two halves 25 s and 13 s).
 */
export function unitTestFiles() {
  const files = ['common', 'client', 'scripts'].flatMap((dir) =>
    sourceFiles(path.join(root, dir)).filter((file) => /\.test\.tsx?$/.test(file)),
  );
  const dom = [];
  const node = [];
  for (const file of files)
    (/^\/\/ @vitest-environment jsdom/m.test(fs.readFileSync(file, 'utf8')) ? dom : node).push(
      path.relative(root, file).split(path.sep).join('/'),
    );
  return { dom, node };
}
