// Whether dist/ holds a build of the current sources: shared by `npm start` (which only checks)
// and the install and test steps (which build when needed).
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
const outputs = ['dist/client/index.html', 'dist/server/main.js'];
// Everything compiled into dist/. Runtime files (migrations, the outbreak snapshot) are read in
// place and need no build.
const sources = ['client', 'common', 'server/src', 'vite.config.ts', 'package-lock.json', 'scripts/build-server.mjs'];

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
  const missing = outputs.find((file) => !existsSync(path.join(root, file)));
  if (missing) return { ok: false, reason: `${missing} is missing` };
  const builtAt = Math.min(...outputs.map((file) => statSync(path.join(root, file)).mtimeMs));
  const changed = sources
    .map((p) => newest(path.join(root, p)))
    .reduce((a, b) => (b.at > a.at ? b : a), { file: null, at: 0 });
  if (changed.at > builtAt)
    return { ok: false, reason: `${path.relative(root, changed.file)} changed after the last build` };
  return { ok: true };
}
