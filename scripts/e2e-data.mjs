// node scripts/e2e-data.mjs <dataDir> | --template
// Gives an end-to-end server a fresh embedded database, migrated and seeded with the demo data.
// `--template` only prepares the database the servers copy: `npm test` does it beside the chaos
// suites, which leave a third of two cores idle, so the end-to-end servers start on a ready copy.
// Seeding takes some 20 s of CPU, and Playwright starts three servers at once on CI's two cores:
// the first to get here prepares one database (`main.js --prepare-only`), and every server starts
// on a copy of it. The copy is reused only for the same build and for a few minutes, because the
// demo data is laid out around the moment it was seeded (today's visits, tomorrow's slots).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const MAX_AGE_MS = 5 * 60_000;
const WAIT_MS = 240_000;

const target = process.argv[2];
if (!target) {
  console.error('usage: node scripts/e2e-data.mjs <dataDir> | --template');
  process.exit(2);
}
const template = '.data/e2e-template';
const lock = `${template}.lock`;
const stampFile = path.join(template, 'medora-template.json');
const build = String(statSync('dist/server/main.js').mtimeMs);

function usable() {
  try {
    const stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
    return stamp.build === build && Date.now() - stamp.preparedAt < MAX_AGE_MS;
  } catch {
    return false;
  }
}

function prepare() {
  const work = `${template}.work`;
  rmSync(work, { recursive: true, force: true });
  const run = spawnSync(process.execPath, ['dist/server/main.js', '--prepare-only'], {
    env: { ...process.env, DATA_DIR: work },
    stdio: 'inherit',
  });
  if (run.status !== 0) throw new Error(`preparing the end-to-end database failed (exit ${run.status})`);
  writeFileSync(path.join(work, 'medora-template.json'), JSON.stringify({ build, preparedAt: Date.now() }));
  rmSync(template, { recursive: true, force: true });
  renameSync(work, template);
}

async function main() {
  mkdirSync('.data', { recursive: true });
  const deadline = Date.now() + WAIT_MS;
  while (!usable()) {
    let mine = false;
    try {
      mkdirSync(lock);
      mine = true;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    if (mine) {
      try {
        prepare();
      } finally {
        rmSync(lock, { recursive: true, force: true });
      }
      break;
    }
    // Another server is preparing it; a lock older than the wait is left over from a killed run.
    if (Date.now() - statSync(lock, { throwIfNoEntry: false })?.mtimeMs > WAIT_MS) rmSync(lock, { recursive: true });
    if (Date.now() > deadline) throw new Error(`the end-to-end database was not prepared within ${WAIT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (target === '--template') return;
  rmSync(target, { recursive: true, force: true });
  cpSync(template, target, { recursive: true });
  if (!existsSync(target)) throw new Error(`no copy at ${target}`);
}

await main();
