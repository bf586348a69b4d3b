// Bundles the server into dist/server/main.js (and `npm run migrate`'s dist/server/migrate.js). Packages stay in node_modules (native modules,
// PGlite's WASM and data files, pdfkit's fonts are loaded from their own folders); only our own
// TypeScript is compiled in. Files read at run time (migrations/, the outbreak snapshot,
// dist/client) are found from the project root, so they are not copied.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { drizzleIsPlugin } from './drizzle-is.mjs';

const root = path.resolve(import.meta.dirname, '..');

const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
/**
 * Bundled in although a package: drizzle-orm is some 500 small ES modules under one 179 KB
 * package.json, which Node's resolver read and parsed again for each of them: 170 MB of garbage in
 * the server's first two seconds, and a heap grown to hold it (bench/search, 2026-12-04).
 */
const BUNDLED = new Set(['drizzle-orm']);
const external = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.devDependencies)]
  .filter((name) => !BUNDLED.has(name))
  .flatMap((name) => [name, `${name}/*`]);

const result = await build({
  absWorkingDir: root,
  entryPoints: { main: 'server/src/main.ts', migrate: 'server/src/db/migrate-cli.ts' },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  tsconfig: 'server/tsconfig.json',
  sourcemap: 'linked',
  // Keeps stack traces and error names readable in production logs.
  keepNames: true,
  metafile: true,
  logLevel: 'warning',
  plugins: [drizzleIsPlugin],
});

const out = result.metafile.outputs['dist/server/main.js'];

// A production install has no devDependencies: the server may not load one, except Vite, which
// only the development server imports, on demand.
const packageName = (spec) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');
const devOnly = [out, result.metafile.outputs['dist/server/migrate.js']]
  .flatMap((o) => o.imports)
  .filter(
    (i) =>
      i.external && pkg.devDependencies[packageName(i.path)] && !(i.path === 'vite' && i.kind === 'dynamic-import'),
  );
if (devOnly.length) {
  console.error(`The server imports development-only packages: ${devOnly.map((i) => i.path).join(', ')}`);
  process.exit(1);
}

console.log(
  `dist/server/main.js  ${(out.bytes / 1024).toFixed(0)} KB from ${Object.keys(out.inputs).length} source files`,
);
