/**
 * The app's own work in an uncached search, without HTTP and without PostgreSQL's share: CPU per
 * search of each step, in this process, on the long tail's searches (long-tail.ts), so a change to
 * one step can be measured on a busy machine (best of several rounds of CPU time, not wall time).
 *   BENCH_PG_URL=… BENCH_DB_NAME=… npx tsx bench/search/engine.ts [rounds]
 * BENCH_STEPS=choose,16 runs only the steps whose names contain one of those words.
 * Steps: the query's validation (the route's schema), choosing the page's ids in the index
 * (`resolveFilters` and `DirectoryIndex.search`), reading the cards by id (`doctorCards`, which
 * includes waiting for PostgreSQL), and a whole `searchDoctors` plus the page's JSON.
 */
import { doctorSearchQuerySchema, type DoctorSearchQuery } from '../../common/schemas/doctor-queries';
import { openDatabase } from '../../server/src/db/client';
import { DirectorySearch } from '../../server/src/modules/doctors/directory-search';
import { doctorCards } from '../../server/src/modules/doctors/search-query';
import {
  availabilityWindow,
  cardListJson,
  resolveFilters,
  searchDoctors,
} from '../../server/src/modules/doctors/service';
import { longTailPaths } from './long-tail';

const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:54330/postgres';
const dbUrl = Object.assign(new URL(adminUrl), {
  pathname: `/${process.env.BENCH_DB_NAME ?? 'medora_bench_search'}`,
}).toString();
const rounds = Number(process.argv[2] ?? 5);

const database = await openDatabase({ databaseUrl: dbUrl, dataDir: '', poolSize: 10 });
const engine = new DirectorySearch(database);
await engine.sync();
const now = new Date();
const searchesOf = (paths: string[]) =>
  paths.map((p) => Object.fromEntries(new URL(p, 'http://x').searchParams) as Record<string, string>);
const raw = searchesOf(await longTailPaths(dbUrl, 8_000, 2));
const queries: DoctorSearchQuery[] = raw.map((q) => doctorSearchQuerySchema.parse(q));
const slots = await engine.nextSlots(now);

/** Microseconds of CPU per item, the best of `rounds`. */
async function cpuPerItem<T>(items: T[], work: (item: T) => unknown, rounds: number): Promise<number> {
  let best = Infinity;
  for (let r = 0; r < rounds; r++) {
    const start = process.cpuUsage();
    for (const item of items) {
      const out = work(item);
      if (out instanceof Promise) await out;
    }
    const used = process.cpuUsage(start);
    best = Math.min(best, (used.user + used.system) / items.length);
    if (process.env.SPLIT)
      console.log(`  user ${(used.user / items.length).toFixed(1)} system ${(used.system / items.length).toFixed(1)}`);
  }
  return best;
}

const choose = (query: DoctorSearchQuery) => {
  const filters = resolveFilters(query, slots.index);
  if (!filters) return [];
  const window = availabilityWindow(query, slots.judgedAt);
  const availability = Boolean(window.cutoff) || query.sort === 'soonest';
  return slots.index.search(
    filters,
    query.sort,
    query.limit + 1,
    undefined,
    availability ? slots.judge(window, query.sort === 'soonest') : undefined,
  );
};
const pages = queries.slice(0, 1_000).map(choose);
const searchEngine = { index: slots.index, nextSlots: async () => slots, sync: () => engine.sync() };

/** Microseconds of CPU per item with `width` items under way at a time, the best of `rounds`. */
async function cpuPerItemConcurrent<T>(items: T[], work: (item: T) => Promise<unknown>, width: number, rounds: number) {
  let best = Infinity;
  for (let r = 0; r < rounds; r++) {
    let next = 0;
    const start = process.cpuUsage();
    await Promise.all(
      Array.from({ length: width }, async () => {
        while (next < items.length) await work(items[next++]);
      }),
    );
    const used = process.cpuUsage(start);
    best = Math.min(best, (used.user + used.system) / items.length);
  }
  return best;
}

const steps: Record<string, () => Promise<number>> = {
  'validate the query': () => cpuPerItem(raw, (q) => doctorSearchQuerySchema.parse(q), rounds),
  'choose the ids (index)': () => cpuPerItem(queries, choose, rounds),
  'read the cards (doctorCards)': () => cpuPerItem(pages, (ids) => doctorCards(database.db, ids), Math.min(rounds, 3)),
  'searchDoctors + page JSON': () =>
    cpuPerItem(
      queries.slice(0, 1_000),
      async (q) => cardListJson((await searchDoctors(database.db, q, searchEngine, now)).doctors),
      Math.min(rounds, 3),
    ),
  'searchDoctors + page JSON, 16 at a time': () =>
    cpuPerItemConcurrent(
      queries,
      async (q) => cardListJson((await searchDoctors(database.db, q, searchEngine, now)).doctors),
      16,
      rounds,
    ),
};
const only = process.env.BENCH_STEPS?.split(',');
const figures: Record<string, number> = {};
for (const [step, run] of Object.entries(steps))
  if (!only || only.some((word) => step.includes(word))) figures[step] = await run();
console.log(`${slots.index.size} listed doctors, ${queries.length} searches, best of ${rounds} rounds`);
console.log('| step | app CPU µs per search |\n|---|---:|');
for (const [step, us] of Object.entries(figures)) console.log(`| ${step} | ${us.toFixed(1)} |`);
await engine.stop();
await database.close();
