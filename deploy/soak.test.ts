import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { runSoak } from '../bench/soak/run';

/**
 * The soak's short form (`npm run bench:soak -- --minutes 30` is the real one, docs/resilience.md):
 * the production build on PostgreSQL under the full mix. Nothing may fail on the server's side and
 * nothing acknowledged may go missing. Skips, saying why, without PostgreSQL outside CI.
 *
 * CI sends 1,200 requests in half a minute at 40 a second (decision 053: 40 a second is a sixth of
 * what this machine serves; half a minute still books, pays, cancels and chats some hundred times,
 * which is what the checks below need). SOAK_TEST_MINUTES=2 sends 4,800 over two minutes.
 */
const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:54330/postgres';
const MINUTES = Number(process.env.SOAK_TEST_MINUTES ?? 0.5);
const RATE = 40;
const REQUESTS = Math.round(RATE * 60 * MINUTES);

async function missingPiece(): Promise<string | null> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.end();
    return null;
  } catch (error) {
    return `PostgreSQL at ${serverUrl} is not reachable (${(error as Error).message}); set TEST_DATABASE_URL`;
  }
}

const missing = await missingPiece();
if (missing && process.env.CI === 'true') throw new Error(`soak test cannot run in CI: ${missing}`);
if (missing) console.warn(`soak test skipped: ${missing}`);

describe.skipIf(missing !== null)(`${REQUESTS} requests of mixed traffic in ${MINUTES} min`, () => {
  it('answers no 5xx, loses no acknowledged booking, payment, cancellation, new time or chat message, and sends each mail once', async () => {
    const opts = {
      minutes: MINUTES,
      rate: RATE,
      rooms: 50,
      port: 5703,
      adminUrl: serverUrl,
      warmupMinutes: 0,
      sampleSeconds: Math.max(5, MINUTES * 10),
      log: () => {},
    };
    const result = await runSoak(opts);
    const statuses = result.routes.flatMap((r) => r.statuses.split(' ').map((s) => `${r.route} ${s}`));
    console.log(
      `soak (${MINUTES} min): ${result.requests} requests, ${result.failures} failed, ${result.check.appointmentsChecked} appointments and ` +
        `${result.check.messagesChecked} chat messages checked, ${result.mail.received} mails; load ${result.load}`,
    );
    // Server errors and refused connections; a request still waiting after 10 s on a starved machine is counted, not failed.
    expect(statuses.filter((s) => /\s(5\d\d|network):/.test(s))).toEqual([]);
    expect(result.check.lost).toEqual([]);
    expect(result.check.appointmentsChecked).toBeGreaterThan(20);
    expect(result.check.messagesChecked).toBeGreaterThan(50);
    expect(result.mail.received).toBe(result.mail.jobsDone);
  }, 240_000);
});
