// Planning vs execution of every statement the admin lists send for the benchmark's searches:
// `npx tsx bench/admin/explain.ts` after a bench:admin seed.
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { adminDoctorQuerySchema, adminUserQuerySchema } from '../../common/schemas/admin';
import type { Db } from '../../server/src/db/client';
import * as schema from '../../server/src/db/schema';
import { listDoctors } from '../../server/src/modules/admin/doctors';
import { listUsers } from '../../server/src/modules/admin/users';
import { adminSearches } from './searches';

const url = process.env.BENCH_DB_URL ?? 'postgres://postgres@127.0.0.1:54330/medora_bench_admin';
const options = '-c random_page_cost=1.1';
const pool = new pg.Pool({ connectionString: url, max: 1, options });
let log: { sql: string; params: unknown[] }[] = [];
const db = drizzle(pool, { schema, logger: { logQuery: (sql, params) => log.push({ sql, params }) } }) as unknown as Db;
const client = new pg.Client({ connectionString: url, options });
await client.connect();
type Row = { list: string; query: string; planning: number; execution: number };
const rows: Row[] = [];
for (const search of await adminSearches(url)) {
  for (const list of ['users', 'doctors'] as const) {
    log = [];
    if (list === 'users') await listUsers(db, adminUserQuerySchema.parse(search));
    else await listDoctors(db, adminDoctorQuerySchema.parse(search));
    for (const s of log) {
      const { rows: out } = await client.query(`explain (analyze, format json) ${s.sql}`, s.params);
      const plan = out[0]['QUERY PLAN'][0];
      rows.push({
        list,
        query: JSON.stringify(search),
        planning: plan['Planning Time'],
        execution: plan['Execution Time'],
      });
    }
  }
}
await client.end();
await pool.end();
for (const list of ['users', 'doctors']) {
  const mine = rows.filter((r) => r.list === list);
  const total = (f: (r: Row) => number) => mine.reduce((a, r) => a + f(r), 0);
  console.log(
    `${list}: ${mine.length} statements, planning ${total((r) => r.planning).toFixed(1)} ms, execution ${total((r) => r.execution).toFixed(1)} ms`,
  );
  for (const r of [...mine].sort((a, b) => b.planning + b.execution - a.planning - a.execution).slice(0, 6))
    console.log(
      `  ${r.execution.toFixed(2).padStart(7)} ms exec, ${r.planning.toFixed(2).padStart(6)} ms plan  ${r.query}`,
    );
}
