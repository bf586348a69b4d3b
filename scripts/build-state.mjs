// Whether dist/ holds a build of the current sources: shared by `npm start` (which only checks)
// and the install and test steps (which build when needed).
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
// Each output with everything compiled into it. Runtime files (migrations, the outbreak snapshot)
// are read in place and need no build.
const outputs = {
  'dist/client/index.html': ['client', 'common', 'vite.config.ts', 'package-lock.json'],
  'dist/server/main.js': ['server/src', 'common', 'package-lock.json', 'scripts/build-server.mjs'],
  'dist/server/migrate.js': ['server/src', 'common', 'package-lock.json', 'scripts/build-server.mjs'],
};

const isTest = (name) => /\.test\.tsx?$/.test(name) || name === 'test-support' || name === 'chaos';

/** The newest file under `target` with its modification time; tests do not count. */
function newest(target) {
  if (!existsSync(target)) return { file: null, at: 0 };
  const stat = statSync(target);
  if (!stat.isDirectory()) return { file: target, at: stat.mtimeMs };
  let latest = { file: null, at: 0 };
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || isTest(entry)) continue;
    const found = newest(path.join(target, entry));
    if (found.at > latest.at) latest = found;
  }
  return latest;
}

/** { ok: true } or { ok: false, reason } naming the missing output or the newer source file. */
export function buildState() {
  for (const [output, sources] of Object.entries(outputs)) {
    const file = path.join(root, output);
    if (!existsSync(file)) return { ok: false, reason: `${output} is missing` };
    const builtAt = statSync(file).mtimeMs;
    for (const source of sources) {
      const changed = newest(path.join(root, source));
      if (changed.at > builtAt)
        return { ok: false, reason: `${path.relative(root, changed.file)} changed after the last build` };
    }
  }
  return { ok: true };
}
