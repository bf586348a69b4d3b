// Fails when the server's modules (the folders of server/src/modules) import each other in a
// circle, type-only and dynamic imports included; otherwise prints the folders in layers.
// check-import-cycles.mjs sees circles between files; this sees them between folders, where a
// circle means two modules can no longer be understood, tested or changed one without the other.
// Test files (*.test.ts) are left out: a test may drive a module through its neighbours (sign up
// through auth, pay through payments) without making the module itself depend on them.
import fs from 'node:fs';
import path from 'node:path';
import { circles, importsOf, root, sourceFiles } from './import-graph.mjs';

const modulesDir = path.join(root, 'server/src/modules');

/** The module folder a file belongs to, or null outside server/src/modules/<folder>/. */
function folderOf(file) {
  const relative = path.relative(modulesDir, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const parts = relative.split(path.sep);
  return parts.length > 1 ? parts[0] : null;
}

const folders = fs
  .readdirSync(modulesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
// folder → imported folder → one example "file: specifier" for the report.
const edges = new Map(folders.map((folder) => [folder, new Map()]));
for (const folder of folders) {
  for (const file of sourceFiles(path.join(modulesDir, folder), { tests: false })) {
    for (const { specifier, target } of importsOf(file)) {
      const to = folderOf(target);
      if (!to || to === folder || edges.get(folder).has(to)) continue;
      edges.get(folder).set(to, `${path.relative(root, file)}: ${specifier}`);
    }
  }
}

const components = circles(folders, (folder) => [...edges.get(folder).keys()].sort());

/**
 * The shortest circle from `start` back to itself through the folders of its component, found
 * breadth-first, as the list of folders it passes (`start` first and last).
 */
function circleFrom(start, component) {
  const members = new Set(component);
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const folder = queue.shift();
    for (const next of [...edges.get(folder).keys()].sort()) {
      if (next === start) {
        const circle = [];
        for (let at = folder; at !== null; at = previous.get(at)) circle.unshift(at);
        return [...circle, start];
      }
      if (!members.has(next) || previous.has(next)) continue;
      previous.set(next, folder);
      queue.push(next);
    }
  }
  throw new Error(`${start} is in a circle yet no path leads back to it`);
}

if (components.length > 0) {
  console.error(`Import circles among the folders of server/src/modules (${components.length}):`);
  for (const component of components) {
    console.error(`  ${component.join(', ')}:`);
    // Circles until every folder of the component has appeared in one, each edge with one import
    // that makes it.
    const shown = new Set();
    for (const start of component) {
      if (shown.has(start)) continue;
      const circle = circleFrom(start, component);
      for (const folder of circle) shown.add(folder);
      console.error(`    ${circle.join(' → ')}`);
      for (let i = 0; i + 1 < circle.length; i += 1) {
        console.error(`      ${circle[i]} → ${circle[i + 1]}: ${edges.get(circle[i]).get(circle[i + 1])}`);
      }
    }
  }
  process.exit(1);
}

// Layer 0 imports no other module folder; layer n imports only folders of lower layers.
const layerOf = new Map();
const layers = [];
while (layerOf.size < folders.length) {
  const layer = folders.filter(
    (folder) => !layerOf.has(folder) && [...edges.get(folder).keys()].every((to) => layerOf.has(to)),
  );
  for (const folder of layer) layerOf.set(folder, layers.length);
  layers.push(layer);
}
console.log(`No circles among ${folders.length} module folders; their layers, lowest first:`);
layers.forEach((layer, n) => console.log(`  ${n}: ${layer.join(', ')}`));
