// The client's data layer (docs/decisions/080-typed-client-data.md): every query brings its own
// query function, from a feature's api.ts, whose endpoint parses the reply with its schema. This
// finds what would undo that: a query without a query function (there is no default one any more,
// so it would fail at run time), a reply cast through a type argument (`useQuery<Doctor>`), and a
// request sent around the endpoint definitions (apiRequest / apiGet outside client/src/lib).
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Calls that create a query, and so need a query function. */
const QUERY_CALLS = new Set([
  'useQuery',
  'useSuspenseQuery',
  'useInfiniteQuery',
  'useSuspenseInfiniteQuery',
  'useQueries',
  'useSuspenseQueries',
  'usePrefetchQuery',
  'prefetchQuery',
  'fetchQuery',
  'ensureQueryData',
  'prefetchInfiniteQuery',
  'fetchInfiniteQuery',
]);
/** The raw request functions, for lib/ only (endpoint.ts sends through them). */
const RAW_REQUESTS = new Set(['apiRequest', 'apiGet']);

const calleeName = (call) =>
  ts.isIdentifier(call.expression)
    ? call.expression.text
    : ts.isPropertyAccessExpression(call.expression)
      ? call.expression.name.text
      : null;

/** An options object with a queryFn of its own, or spread from one (`{ ...doctorQuery(id), enabled }`). */
const hasQueryFn = (object) =>
  object.properties.some(
    (p) => ts.isSpreadAssignment(p) || (p.name && ts.isIdentifier(p.name) && p.name.text === 'queryFn'),
  );

/** Problems in one file's text, each "line: what". */
export function checkSource(fileName, text, { rawRequestsAllowed = false } = {}) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const problems = [];
  const at = (node, what) =>
    problems.push(`${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${what}`);
  const visit = (node) => {
    if (ts.isCallExpression(node)) {
      const name = calleeName(node);
      if (name && QUERY_CALLS.has(name)) {
        if (node.typeArguments?.length) at(node, `${name}<…> casts the reply; let the query's parsed type speak`);
        // Each object literal handed to the call (useQueries' list included) that names a query key.
        const check = (n) => {
          if (ts.isObjectLiteralExpression(n)) {
            const keyed = n.properties.some((p) => p.name && ts.isIdentifier(p.name) && p.name.text === 'queryKey');
            if (keyed && !hasQueryFn(n)) at(n, `${name} without a queryFn: use the feature's queryOptions`);
          }
          ts.forEachChild(n, check);
        };
        node.arguments.forEach(check);
      }
      if (name && RAW_REQUESTS.has(name) && !rawRequestsAllowed)
        at(
          node,
          `${name} sends around the endpoint definitions: define the endpoint with its schema (lib/endpoint.ts)`,
        );
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return problems;
}

/** Every problem under client/src, tests left out (they may build their own clients and requests). */
export function checkClientQueries(root) {
  const dir = path.join(root, 'client/src');
  const problems = [];
  for (const relative of fs.readdirSync(dir, { recursive: true })) {
    if (!/\.tsx?$/.test(relative) || /\.test\.tsx?$/.test(relative) || relative.includes('test-support')) continue;
    const file = path.join(dir, relative);
    const rawRequestsAllowed = path.dirname(relative) === 'lib';
    for (const p of checkSource(file, fs.readFileSync(file, 'utf8'), { rawRequestsAllowed }))
      problems.push(`${path.relative(root, file)}:${p}`);
  }
  return problems;
}
