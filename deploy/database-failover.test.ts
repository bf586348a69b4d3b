import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromPool, poolOptions, type Database } from '../server/src/db/client';
import { createDoctor, createUser } from '../server/src/db/factories';
import { createSession, SESSION_COOKIE } from '../server/src/http/session';
import { HaCluster, missingForHa } from './ha-cluster';
import { captureOutput, startAppInstance, stopChild, waitUntilUp } from './instances';
import { WriteLoad } from './write-load';

/**
 * Issue 39, point 2 (docs/resilience.md, decision 075): the database machine is lost under booking
 * and payment load. A pg_auto_failover formation (a monitor, a primary and its synchronous
 * standby, each in its own network namespace) serves one production app instance through a
 * multi-host DATABASE_URL with target_session_attrs=read-write. The primary's postmaster is killed
 * and its link cut; the standby must be promoted, the app must write again within 30 s, answer
 * 503 with Retry-After meanwhile and nothing else, and every booking and payment it acknowledged
 * must be on the new primary. Then the old machine comes back and rejoins as the standby.
 * Outside CI it skips (saying why) without pg_auto_failover or root; in CI it fails.
 */
const APP_PORT = 5751;
const app = `http://127.0.0.1:${APP_PORT}`;
const RECONNECT_LIMIT_MS = 30_000;

const missing = missingForHa();
if (missing && process.env.CI === 'true') throw new Error(`database failover test cannot run in CI: ${missing}`);
if (missing) console.warn(`database failover test skipped: ${missing}`);

describe.skipIf(missing !== null)('a lost database machine: the synchronous standby takes over', () => {
  let cluster: HaCluster;
  let instance: { child: ChildProcess; output: () => string } | undefined;
  let database: Database | undefined;
  let load: WriteLoad;

  beforeAll(async () => {
    const started = performance.now();
    cluster = new HaCluster();
    await cluster.start();
    const formationMs = performance.now() - started;
    const child = startAppInstance({
      NODE_ENV: 'production',
      DATABASE_URL: cluster.url,
      PORT: String(APP_PORT),
      HOST: '127.0.0.1',
      DEMO_MODE: 'false',
      MIGRATE_ON_START: 'true',
      SEED_DEMO: 'false',
      DB_POOL_SIZE: '4',
      LOG_LEVEL: 'error',
    });
    instance = { child, output: captureOutput(child) };
    await waitUntilUp(`${app}/api/health/ready`, child, instance.output, 120_000);
    database = fromPool(new pg.Pool(poolOptions(cluster.url, 2)));
    const doctorIds: string[] = [];
    for (let i = 0; i < 6; i++) {
      const { doctor } = await createDoctor(database.db, {
        doctor: { availableFrom: null, availableTo: null, isVerified: true, isActive: true },
      });
      doctorIds.push(doctor.id);
    }
    const patients: string[] = [];
    for (let i = 0; i < 4; i++) {
      const user = await createUser(database.db);
      patients.push(`${SESSION_COOKIE}=${await createSession(database.db, user.id)}`);
    }
    load = new WriteLoad(app, doctorIds, patients);
    console.log(
      `formation (monitor, primary, synchronous standby) up in ${(formationMs / 1000).toFixed(1)} s, ` +
        `app migrated and seeded ${((performance.now() - started - formationMs) / 1000).toFixed(1)} s later`,
    );
  }, 300_000);

  afterAll(async () => {
    await load?.stop();
    await database?.close().catch(() => {});
    await stopChild(instance?.child, 'SIGKILL');
    cluster?.destroy();
  }, 60_000);

  it('promotes the standby, the app writes again within 30 s (503 with Retry-After meanwhile), loses no acknowledged write; the old primary rejoins as standby', async () => {
    const replicaOf = async () =>
      (await cluster.sql<{ sync: string }>('a', `select sync_state as sync from pg_stat_replication`)).map(
        (r) => r.sync,
      );
    expect(await replicaOf(), 'the standby is synchronous before the cut').toEqual(['quorum']);

    load.start(4);
    await expect.poll(() => load.payments.length, { timeout: 30_000 }).toBeGreaterThan(3);
    const cutAt = performance.now();
    cluster.loseMachine('a');

    // Promotion: the monitor has made b the primary and b takes writes.
    let promotedMs = 0;
    await expect
      .poll(
        async () => {
          const [row] = await cluster
            .sql<{ ro: string }>('b', 'select current_setting($1) as ro', ['transaction_read_only'])
            .catch(() => [{ ro: 'unreachable' }]);
          if (row.ro === 'off' && !promotedMs) promotedMs = performance.now() - cutAt;
          return row.ro;
        },
        { timeout: 60_000, interval: 200 },
      )
      .toBe('off');
    // The app writes again: the first acknowledged write sent after the cut.
    await expect.poll(() => load.writesSince(cutAt).some((o) => o.ok), { timeout: 60_000, interval: 200 }).toBe(true);
    const reconnectedMs = load.writesSince(cutAt).find((o) => o.ok)!.at - cutAt;
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await load.stop();

    const afterCut = load.outcomes.filter((o) => o.at >= cutAt);
    const failed = afterCut.filter((o) => o.failed).map((o) => o.what);
    const unavailable = afterCut.filter((o) => o.unavailable).length;
    console.log(
      `database machine lost: standby promoted (writable) ${(promotedMs / 1000).toFixed(1)} s after the cut, ` +
        `app wrote again after ${(reconnectedMs / 1000).toFixed(1)} s; ${afterCut.length} requests since the cut, ` +
        `${unavailable} answered 503 with Retry-After, ${failed.length} failed otherwise` +
        failed
          .slice(0, 5)
          .map((what) => `\n  failed: ${what}`)
          .join(''),
    );
    expect(reconnectedMs).toBeLessThan(RECONNECT_LIMIT_MS);
    expect(unavailable, 'requests during the failover are told to retry').toBeGreaterThan(0);
    expect(failed, failed.slice(0, 5).join('\n')).toEqual([]);

    // Every acknowledged booking and payment is on the new primary, read there directly.
    const { bookings, payments } = load;
    const onB = await cluster.sql<{ appointments: number; paid: number }>(
      'b',
      `select (select count(*) from appointments where id = any($1::uuid[]))::int as appointments,
              (select count(*) from payments where provider_intent_id = any($2::text[]) and status = 'succeeded')::int as paid`,
      [bookings, payments],
    );
    console.log(`writes checked on the new primary: ${bookings.length} bookings, ${payments.length} payments`);
    expect(onB).toEqual([{ appointments: bookings.length, paid: payments.length }]);
    expect(bookings.length).toBeGreaterThan(5);

    // The old machine comes back: pg_auto_failover rewinds it and makes it b's synchronous standby.
    const backAt = performance.now();
    cluster.reconnect('a');
    await cluster.waitFor(
      (s) =>
        s.some((n) => n.name === 'a' && n.reported === 'secondary' && n.goal === 'secondary') &&
        s.some((n) => n.name === 'b' && n.reported === 'primary' && n.goal === 'primary'),
      'a rejoined as the standby of b',
      120_000,
    );
    console.log(
      `old primary rejoined as standby ${((performance.now() - backAt) / 1000).toFixed(1)} s after reconnecting`,
    );
    const syncOnB = await cluster.sql<{ sync: string }>('b', `select sync_state as sync from pg_stat_replication`);
    expect(syncOnB.map((r) => r.sync)).toEqual(['quorum']);
    // The rejoined standby holds what was written on the new primary.
    const [{ n }] = await cluster.sql<{ n: number }>(
      'a',
      'select count(*)::int as n from appointments where id = any($1::uuid[])',
      [bookings],
    );
    expect(n).toBe(bookings.length);
  }, 300_000);
});
