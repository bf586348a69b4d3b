// After `vite build`: for each screen a visitor may land on first (client/src/app/first-screens.json),
// the chunks its code needs beyond what index.html already loads. The server preloads them with the
// page, so they arrive beside the entry script instead of after it has run (decision 101). Writes
// dist/first-screens.json and removes Vite's manifest, which the static files must not serve.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const manifestDir = path.join(root, 'dist/client/.vite');
const manifestFile = path.join(manifestDir, 'manifest.json');
const screens = JSON.parse(readFileSync(path.join(root, 'client/src/app/first-screens.json'), 'utf8'));
// Text areas every first screen shows (main.tsx loads them beside the catalogue): each language's chunks.
const firstAreas = JSON.parse(readFileSync(path.join(root, 'client/src/app/first-areas.json'), 'utf8'));

/** Every chunk `key` loads before it runs (its static imports, transitively), itself included. */
export function staticClosure(manifest, key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

const DRAWN_DATA_MODULE = 'src/app/drawn-data.ts';

if (existsSync(manifestFile)) {
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  // What the page loads whatever the screen: the entry's closure, and the chunks index.html preloads
  // beside it (vite.config.ts, preloadStartChunks).
  const initial = staticClosure(manifest, 'index.html');
  const page = readFileSync(path.join(root, 'dist/client/index.html'), 'utf8');
  const onPage = new Set([...page.matchAll(/(?:href|src)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]));
  for (const [key, chunk] of Object.entries(manifest)) if (onPage.has(chunk.file)) initial.add(key);
  const result = screens.map(({ path: route, signedOutOnly = false, module, drawnWith }) => {
    if (!manifest[module]) throw new Error(`first-screens.json names ${module}, which the build does not have`);
    // A screen the server draws with data (decision 116) also needs the module that reads it.
    const modules = drawnWith ? [module, DRAWN_DATA_MODULE] : [module];
    const keys = new Set(modules.flatMap((m) => [...staticClosure(manifest, m)]));
    const chunks = [...keys].filter((key) => !initial.has(key));
    const screen = { path: route, signedOutOnly, chunks: chunks.map((key) => path.basename(manifest[key].file)) };
    return drawnWith ? { ...screen, drawnWith } : screen;
  });
  writeFileSync(path.join(root, 'dist/first-screens.json'), `${JSON.stringify(result, null, 2)}\n`);
  // Each language's chunk of each area, by the catalogue file it was built from.
  const areas = {};
  for (const area of firstAreas) {
    const keys = Object.keys(manifest).filter((key) => key.endsWith(`/screens/${area}.json?icu`));
    if (keys.length === 0) throw new Error(`first-areas.json names ${area}, which the build does not have`);
    for (const key of keys) {
      const language = key.split('/').at(-3);
      (areas[language] ??= []).push(path.basename(manifest[key].file));
    }
  }
  writeFileSync(path.join(root, 'dist/first-areas.json'), `${JSON.stringify(areas, null, 2)}\n`);
  rmSync(manifestDir, { recursive: true, force: true });
  console.log(`first screens: ${result.map((s) => `${s.path} ${s.chunks.length} chunk(s)`).join(', ')}`);
} else {
  console.log('first screens: no Vite manifest (not a production build), nothing written');
}
