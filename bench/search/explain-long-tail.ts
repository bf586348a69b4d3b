// Where PostgreSQL spends the uncached long tail's time: planning vs execution per statement, and
// the slowest plans. `npx tsx bench/search/explain-long-tail.ts [sample]` after a bench:search seed.
import pg from 'pg';
import { captureStatements } from './capture';
import { longTailPaths } from './long-tail';

const url = process.env.BENCH_DB_URL ?? 'postgres://postgres@127.0.0.1:54330/medora_bench_search';
const sample = Number(process.argv[2] ?? 300);
const paths = await longTailPaths(url, sample, 7);
const mix = paths.map((p) => ({ query: Object.fromEntries(new URL(p, 'http://x').searchParams) }));
const statements = await captureStatements(url, mix);
const client = new pg.Client({ connectionString: url });
await client.connect();
await client.query('set random_page_cost = 1.1');
type Row = { planning: number; execution: number; query: string; nodes: string; sql: string };
const rows: Row[] = [];
for (const [i, request] of statements.entries()) {
  for (const s of request) {
    const { rows: out } = await client.query(`explain (analyze, format json) ${s.sql}`, s.params as unknown[]);
    const plan = out[0]['QUERY PLAN'][0];
    const nodes: string[] = [];
    const walk = (n: { 'Node Type': string; 'Index Name'?: string; Plans?: unknown[] }) => {
      nodes.push(n['Index Name'] ? `${n['Node Type']}(${n['Index Name']})` : n['Node Type']);
      (n.Plans as (typeof n)[] | undefined)?.forEach(walk);
    };
    walk(plan.Plan);
    rows.push({
      planning: plan['Planning Time'],
      execution: plan['Execution Time'],
      query: JSON.stringify(mix[i].query),
      nodes: nodes.join(' > '),
      sql: s.sql.slice(0, 60),
    });
  }
}
await client.end();
const sum = (f: (r: Row) => number) => rows.reduce((a, r) => a + f(r), 0);
const pct = (values: number[], p: number) => values.sort((a, b) => a - b)[Math.ceil((p / 100) * values.length) - 1];
console.log(`${rows.length} statements for ${sample} searches`);
console.log(
  `planning: total ${sum((r) => r.planning).toFixed(0)} ms, p50 ${pct(
    rows.map((r) => r.planning),
    50,
  ).toFixed(2)}, p95 ${pct(
    rows.map((r) => r.planning),
    95,
  ).toFixed(2)}`,
);
console.log(
  `execution: total ${sum((r) => r.execution).toFixed(0)} ms, p50 ${pct(
    rows.map((r) => r.execution),
    50,
  ).toFixed(2)}, p95 ${pct(
    rows.map((r) => r.execution),
    95,
  ).toFixed(2)}`,
);
for (const r of [...rows].sort((a, b) => b.execution - a.execution).slice(0, 15))
  console.log(`${r.execution.toFixed(2).padStart(8)} ms (plan ${r.planning.toFixed(2)})  ${r.query}\n      ${r.nodes}`);
