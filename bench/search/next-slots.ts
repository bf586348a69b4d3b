/**
 * What the in-memory index pays to judge availability (decision 030) as bookings grow.
 *   npx tsx bench/search/next-slots.ts   (after `npm run bench:search` has seeded medora_bench_search)
 * For 0, 2,000 and 20,000 upcoming confirmed bookings (at real slots of random public doctors,
 * inserted for the run and deleted after), prints the median time to read the index, to work out
 * every doctor's next free slot (`readNextSlots`: one read of the held slots, the rest in the app)
 * and to order every doctor by the soonest slot for one visitor's window.
 */
import pg from 'pg';
import { openDatabase } from '../../server/src/db/client';
import { DirectorySearch } from '../../server/src/modules/doctors/directory-search';
import { readNextSlots } from '../../server/src/modules/doctors/next-slots';
import { slotsBetween } from '../../common/rules/schedule-slots';
import { wallClock } from '../../common/rules/zoned-time';
import { availabilityWindow } from '../../server/src/modules/doctors/service';

const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:54330/postgres';
const dbUrl = Object.assign(new URL(adminUrl), {
  pathname: `/${process.env.BENCH_DB_NAME ?? 'medora_bench_search'}`,
}).toString();
const MARK = 'bench next-slots';

const median = async (runs: number, work: () => Promise<unknown> | unknown) => {
  const times: number[] = [];
  for (let r = 0; r < runs; r++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)];
};

const database = await openDatabase({ databaseUrl: dbUrl, dataDir: '', poolSize: 2 });
const raw = new pg.Client({ connectionString: dbUrl });
await raw.connect();
const now = new Date();
const build = async () => {
  const search = new DirectorySearch(database);
  await search.sync();
  return search.index;
};
const indexMs = await median(3, build);
const index = await build();
const schedules = index.schedules;
const window = availabilityWindow({ timeZone: 'Europe/London' }, now);
const patient = (await raw.query<{ id: string }>('select id from users order by id limit 1')).rows[0].id;

const rows: string[][] = [];
try {
  for (const bookings of [0, 2_000, 20_000]) {
    await raw.query('delete from appointments where reason_for_visit = $1', [MARK]);
    const doctorIds: string[] = [];
    const starts: string[] = [];
    const used = new Set<string>();
    for (let k = 0; doctorIds.length < bookings && k < bookings * 4; k++) {
      const i = Math.floor(Math.random() * index.slotCount);
      if (index.idAt(i) === undefined) continue;
      const { zone, schedule } = index.schedules[index.scheduleAt(i)];
      const ctx = { schedule, timeZone: zone, bookings: [], timeOff: [], now };
      const slots = slotsBetween(ctx, wallClock(now, zone).date, 9, 'video')
        .filter((slot) => slot.available)
        .map((slot) => Date.parse(slot.startsAt));
      const at = slots[Math.floor(Math.random() * Math.min(slots.length, 12))];
      const key = `${i}|${at}`;
      if (at === undefined || used.has(key)) continue;
      used.add(key);
      doctorIds.push(index.idAt(i)!);
      starts.push(new Date(at).toISOString());
    }
    await raw.query(
      `insert into appointments (patient_id, doctor_id, starts_at, time_zone, consultation_type, reason_for_visit, fee, status)
       select $1, d, s, 'UTC', 'video', $4, 5000, 'confirmed' from unnest($2::uuid[], $3::timestamptz[]) as b(d, s)`,
      [patient, doctorIds, starts, MARK],
    );
    const slots = await readNextSlots(database.db, index, now);
    const slotsMs = await median(5, () => readNextSlots(database.db, index, now));
    // A later minute: every schedule's slots worked out again.
    let minute = 1;
    const minuteMs = await median(3, () =>
      readNextSlots(database.db, index, new Date(now.getTime() + 60_000 * minute++)),
    );
    // A window end not seen before, so the order is worked out each time.
    let shift = 0;
    const orderMs = await median(5, () =>
      slots.judge({ ...window, until: new Date(window.until.getTime() + ++shift * 60_000) }, true),
    );
    rows.push([
      String(doctorIds.length),
      indexMs.toFixed(0),
      minuteMs.toFixed(1),
      slotsMs.toFixed(1),
      orderMs.toFixed(1),
    ]);
  }
} finally {
  await raw.query('delete from appointments where reason_for_visit = $1', [MARK]);
  await raw.end();
  await database.close();
}

console.log(`\n${index.size} public doctors, ${schedules.length} schedules\n`);
console.log(
  '| upcoming bookings | read the index (ms) | next free slots, first in a minute (ms) | next free slots, after a booking (ms) | soonest order (ms) |',
);
console.log('|---|---|---|---|---|');
for (const row of rows) console.log(`| ${row.join(' | ')} |`);
