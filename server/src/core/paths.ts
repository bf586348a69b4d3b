import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder holding package.json. The server runs both from its sources (server/src/...) and as
 * one bundled file (dist/server/main.js), so files it reads at run time (migrations, the outbreak
 * snapshot, the client build) are found from the project root, never relative to the module.
 */
function findProjectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('package.json not found above the server code');
    dir = parent;
  }
}

export const PROJECT_ROOT = findProjectRoot();

export const fromRoot = (...parts: string[]) => path.join(PROJECT_ROOT, ...parts);
