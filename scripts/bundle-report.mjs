// Prints each emitted chunk with its gzip size, and the first-load JavaScript of the entry.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../dist/client');
const assets = path.join(dist, 'assets');
const gz = (file) => gzipSync(readFileSync(file)).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const files = readdirSync(assets).filter((f) => /\.(js|css)$/.test(f));
const rows = files.map((f) => ({
  file: f,
  raw: readFileSync(path.join(assets, f)).length,
  gzip: gz(path.join(assets, f)),
}));
rows.sort((a, b) => b.gzip - a.gzip);

// First load = what index.html pulls in: the entry script, its static imports (modulepreload) and CSS.
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const initial = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.(?:js|css))"/g)].map((m) => m[1]);
const initialJs = rows.filter((r) => initial.includes(r.file) && r.file.endsWith('.js'));

console.log('\nchunk                                              raw        gzip');
for (const r of rows.slice(0, 25))
  console.log(`${r.file.padEnd(48)} ${kb(r.raw).padStart(10)} ${kb(r.gzip).padStart(10)}`);
if (rows.length > 25) console.log(`… ${rows.length - 25} more`);
const firstLoad = initialJs.reduce((s, r) => s + r.gzip, 0);
console.log(`\nfirst-load JavaScript (entry + preloaded chunks): ${kb(firstLoad)} gzip`);

// Issue 40's budget for what every first visit downloads before anything shows. A schema or a
// library imported statically by a shared module lands here (zod did once: +26 KB); load it with
// the request that needs it instead (client/src/lib/endpoint.ts takes a loader). 146, not 145, since
// the shell's code left the entry for a chunk of its own (start-app.tsx), which the browser runs in
// a task of its own: compressed apart, the same code weighs 2.4 KB more.
const BUDGET_KB = 146;
if (firstLoad > BUDGET_KB * 1024) {
  console.error(
    `first-load JavaScript is ${kb(firstLoad)} gzip, over the ${BUDGET_KB} KB budget: ` +
      initialJs.map((r) => `${r.file} ${kb(r.gzip)}`).join(', '),
  );
  process.exit(1);
}
