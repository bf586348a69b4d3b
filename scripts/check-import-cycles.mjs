// Fails when any import circle exists among the project's own modules, type-only imports included.
// ESLint's import-x/no-cycle skips `import type`, yet a circle of types still ties the modules'
// design together (a route module importing its app's context type back from the app), so this
// check reads every import, including dynamic ones, and reports each circle as a path of files.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const roots = ['client', 'server', 'common', 'e2e', 'bench', 'scripts'];
const skip = new Set(['node_modules', 'dist', '.data', 'test-results']);
const aliases = [
  ['@common/', 'common/'],
  ['@client/', 'client/src/'],
];

function sourceFiles(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (skip.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (/\.(ts|tsx|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

function resolve(from, specifier) {
  let base;
  const alias = aliases.find(([prefix]) => specifier.startsWith(prefix));
  if (alias) base = path.join(root, alias[1], specifier.slice(alias[0].length));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else return null; // a package
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const files = roots.flatMap((dir) => sourceFiles(path.join(root, dir)));
const graph = new Map();
for (const file of files) {
  const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
  graph.set(
    file,
    importedFiles.map((imported) => resolve(file, imported.fileName)).filter((target) => target && target !== file),
  );
}

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
