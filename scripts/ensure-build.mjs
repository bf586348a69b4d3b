// Builds when dist/ is missing or older than the sources: after `npm install` (so that
// `npm install && npm start` works on a fresh clone) and before the end-to-end tests.
// With --if-tools it does nothing when the build tools are not installed (`npm ci --omit=dev`).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildState, root } from './build-state.mjs';

const state = buildState();
if (!state.ok) {
  const tools = ['vite', 'esbuild'].every((name) => existsSync(path.join(root, 'node_modules', name)));
  if (!tools && process.argv.includes('--if-tools')) {
    console.log(`Not building (${state.reason}): the build tools are not installed.`);
  } else {
    console.log(`Building Medora (${state.reason})…`);
    execSync('npm run build', { cwd: root, stdio: 'inherit' });
  }
}
