// Fails when any import circle exists among the project's own modules, type-only imports included.
// ESLint's import-x/no-cycle skips `import type`, yet a circle of types still ties the modules'
// design together (a route module importing its app's context type back from the app), so this
// check reads every import, including dynamic ones, and reports each circle as a path of files.
import path from 'node:path';
import { circles, importsOf, root, sourceFiles } from './import-graph.mjs';

const roots = ['client', 'server', 'common', 'e2e', 'bench', 'scripts'];

const files = roots.flatMap((dir) => sourceFiles(path.join(root, dir)));
const graph = new Map();
for (const file of files)
  graph.set(
    file,
    importsOf(file).map((i) => i.target),
  );

const found = circles(graph.keys(), (file) => graph.get(file) ?? []).map((component) =>
  component.map((file) => path.relative(root, file)).sort(),
);

if (found.length > 0) {
  console.error(`Import circles (${found.length}):`);
  for (const circle of found) console.error(`  ${circle.join(' ↔ ')}`);
  process.exit(1);
}
console.log(`No import circles among ${files.length} files.`);
