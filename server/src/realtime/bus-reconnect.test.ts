import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromPool, type Database } from '../db/client';
import { createTestDatabase, testDriver } from '../test-support/test-database';
import { BUS_CHANNEL, createBus, type Bus, type BusEvent } from './bus';

/**
 * The bus's LISTEN connection cut by PostgreSQL (a restart, an administrator): the process must
 * survive the connection's repeated error reports, listen again by itself and say so, so that
 * sockets can catch up on what was announced meanwhile. PostgreSQL only.
 */
const onPostgres = testDriver === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);
const silentLog = { error: () => {}, warn: () => {}, info: () => {} } as never;

describe.skipIf(!onPostgres)('the bus after its connection is cut', () => {
  let database: Database & { url?: string };
  let other: Database;
  let bus: Bus;
  const received: BusEvent[] = [];
  let resumed = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    other = fromPool(new pg.Pool({ connectionString: database.url, max: 2 }));
    bus = await createBus(
      database,
      (e) => received.push(e),
      silentLog,
      () => resumed++,
    );
  });
  afterAll(async () => {
    await bus?.close();
    await other?.close();
    await database?.close();
  });

  const listeners = async () =>
    (
      await other.pool!.query<{ pid: number }>(
        `select pid from pg_stat_activity where datname = current_database() and query = 'listen ${BUS_CHANNEL}'`,
      )
    ).rows.map((r) => r.pid);

  it('listens again, reports the resumption once and receives what is sent afterwards', async () => {
    const [pid] = await listeners();
    expect(pid).toBeTruthy();
    await other.pool!.query('select pg_terminate_backend($1)', [pid]);
    await expect.poll(() => resumed, { timeout: 10_000 }).toBe(1);
    const [again] = await listeners();
    expect(again).toBeTruthy();
    expect(again).not.toBe(pid);

    const event: BusEvent = { t: 'close_room', consultationId: '00000000-0000-4000-8000-000000000001' };
    const sender = await createBus(other, () => {}, silentLog);
    await sender.publish(event);
    await expect.poll(() => received, { timeout: 5_000 }).toContainEqual(event);
    await sender.close();
  });
});
