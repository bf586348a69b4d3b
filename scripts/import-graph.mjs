// What the import checks share: the project's source files and each file's imports resolved to
// files (every import, type-only and dynamic ones included, as `ts.preProcessFile` reads them).
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const root = path.resolve(import.meta.dirname, '..');
const skip = new Set(['node_modules', 'dist', '.data', 'test-results']);
const aliases = [
  ['@common/', 'common/'],
  ['@client/', 'client/src/'],
];

/** The .ts, .tsx and .mjs files below `dir` (declarations left out; tests too, when asked). */
export function sourceFiles(dir, { tests = true } = {}) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (skip.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full, { tests }));
    else if (/\.(ts|tsx|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      if (tests || !/\.test\.tsx?$/.test(entry.name)) out.push(full);
    }
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

/** The project files `file` imports, each with the specifier as written. */
export function importsOf(file) {
  const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map((imported) => ({ specifier: imported.fileName, target: resolve(file, imported.fileName) }))
    .filter((i) => i.target && i.target !== file);
}

/**
 * Tarjan's strongly connected components of a graph (`next(node)` lists a node's successors):
 * every component of more than one node holds a circle. Each component sorted.
 */
export function circles(nodes, next) {
  let index = 0;
  const stack = [];
  const state = new Map();
  const found = [];
  function visit(node) {
    const own = { index, low: index, onStack: true };
    index += 1;
    state.set(node, own);
    stack.push(node);
    for (const to of next(node)) {
      const seen = state.get(to);
      if (!seen) {
        visit(to);
        own.low = Math.min(own.low, state.get(to).low);
      } else if (seen.onStack) own.low = Math.min(own.low, seen.index);
    }
    if (own.low === own.index) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        state.get(member).onStack = false;
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  }
  for (const node of nodes) if (!state.has(node)) visit(node);
  return found;
}
