// Fails when any import circle exists among the project's own modules, type-only imports included.
// ESLint's import-x/no-cycle skips `import type`, yet a circle of types still ties the modules'
// design together (a route module importing its app's context type back from the app), so this
// check reads every import, including dynamic ones, and reports each circle as a path of files.
import path from 'node:path';
import { importsOf, root, sourceFiles } from './import-graph.mjs';

const roots = ['client', 'server', 'common', 'e2e', 'bench', 'scripts'];

const files = roots.flatMap((dir) => sourceFiles(path.join(root, dir)));
const graph = new Map();
for (const file of files)
  graph.set(
    file,
    importsOf(file).map((i) => i.target),
  );

// Tarjan's strongly connected components: every component larger than one file is a circle.
let index = 0;
const stack = [];
const state = new Map();
const circles = [];
function visit(file) {
  const node = { index, low: index, onStack: true };
  index += 1;
  state.set(file, node);
  stack.push(file);
  for (const next of graph.get(file) ?? []) {
    const seen = state.get(next);
    if (!seen) {
      visit(next);
      node.low = Math.min(node.low, state.get(next).low);
    } else if (seen.onStack) node.low = Math.min(node.low, seen.index);
  }
  if (node.low === node.index) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      state.get(member).onStack = false;
      component.push(path.relative(root, member));
    } while (member !== file);
    if (component.length > 1) circles.push(component.sort());
  }
}
for (const file of graph.keys()) if (!state.has(file)) visit(file);

if (circles.length > 0) {
  console.error(`Import circles (${circles.length}):`);
  for (const circle of circles) console.error(`  ${circle.join(' ↔ ')}`);
  process.exit(1);
}
console.log(`No import circles among ${files.length} files.`);
