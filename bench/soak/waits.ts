import pg from 'pg';

/**
 * What the soak's database backends are doing (`--waits`): `pg_stat_activity` sampled every 50 ms
 * on a connection of its own, tallied by state and wait event. A write's time in the database is
 * spent running, waiting for the app's next statement inside its transaction ("idle in
 * transaction", ClientRead), waiting for the WAL to reach the disk, or waiting for a lock; the
 * table says how many backends, on average, were in each.
 */
export type WaitRow = { state: string; event: string; statement: string; backends: number };

const EVERY_MS = 50;

export async function sampleWaits(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const tally = new Map<string, number>();
  let samples = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await client.query<{ state: string; type: string | null; event: string | null; q: string }>(
        `select state, wait_event_type as type, wait_event as event, left(regexp_replace(query, '\\s+', ' ', 'g'), 60) as q
           from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle'`,
      );
      samples++;
      for (const r of rows) {
        // The statement is named only where it is what waits (a lock); otherwise it is noise.
        const locked = r.type === 'Lock' || r.type === 'LWLock';
        const key = JSON.stringify([r.state, r.type ? `${r.type}: ${r.event}` : 'running', locked ? r.q : '']);
        tally.set(key, (tally.get(key) ?? 0) + 1);
      }
      await new Promise((resolve) => setTimeout(resolve, EVERY_MS));
    }
  })();
  return async (): Promise<WaitRow[]> => {
    running = false;
    await loop;
    await client.end();
    return [...tally]
      .map(([key, n]) => {
        const [state, event, statement] = JSON.parse(key) as [string, string, string];
        return { state, event, statement, backends: n / Math.max(1, samples) };
      })
      .sort((a, b) => b.backends - a.backends);
  };
}

export function printWaits(rows: WaitRow[]) {
  console.log(`\nThe database's backends, sampled every ${EVERY_MS} ms over the load (at least 0.005 on average):\n`);
  console.log('| state | waiting for | statement (lock waits only) | backends on average |');
  console.log('|---|---|---|---:|');
  for (const r of rows.filter((row) => row.backends >= 0.005))
    console.log(`| ${r.state} | ${r.event} | ${r.statement.replaceAll('|', '\\|')} | ${r.backends.toFixed(3)} |`);
}
