// Prints the plan and server-side time of each search in the mix and of the availability rows:
// `npx tsx bench/search/explain.ts [--availability]` (only the availability rows).
import pg from 'pg';
import { captureStatements } from './capture';
import { AVAILABILITY_ROWS, QUERY_MIX } from './queries';

const url = process.env.BENCH_DB_URL ?? 'postgres://postgres@127.0.0.1:54330/medora_bench_search';
const availability = AVAILABILITY_ROWS.flatMap((row) => row.mix);
const mix = process.argv.includes('--availability') ? availability : [...QUERY_MIX, ...availability];
const statements = await captureStatements(url, mix);
const client = new pg.Client({ connectionString: url });
await client.connect();
for (const [i, request] of statements.entries()) {
  for (const s of request) {
    const { rows } = await client.query(`explain (analyze, format json) ${s.sql}`, s.params as unknown[]);
    const plan = rows[0]['QUERY PLAN'][0];
    const nodes: string[] = [];
    const walk = (n: { 'Node Type': string; 'Index Name'?: string; Plans?: unknown[] }) => {
      nodes.push(n['Index Name'] ? `${n['Node Type']}(${n['Index Name']})` : n['Node Type']);
      (n.Plans as (typeof n)[] | undefined)?.forEach(walk);
    };
    walk(plan.Plan);
    console.log(
      `${String(i).padStart(2)} ${plan['Execution Time'].toFixed(2).padStart(7)} ms  ${JSON.stringify(mix[i].query)}${mix[i].pages ? ` p${mix[i].pages}` : ''}\n      ${nodes.join(' > ')}`,
    );
  }
}
await client.end();
