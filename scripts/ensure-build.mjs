// Builds the client when dist/client is missing or older than any client or common source file.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const marker = path.join(root, 'dist/client/index.html');
const sources = ['client', 'common', 'vite.config.ts', 'package-lock.json'].map((p) => path.join(root, p));

function newest(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    latest = Math.max(latest, newest(path.join(target, entry)));
  }
  return latest;
}

const builtAt = existsSync(marker) ? statSync(marker).mtimeMs : 0;
const changedAt = Math.max(...sources.map(newest));
if (builtAt < changedAt) {
  console.log(builtAt ? 'Client sources changed; rebuilding…' : 'Building the client (first start)…');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}
