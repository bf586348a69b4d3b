import net from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromPool, poolOptions, type Database } from './client';
import { rowsOf } from './rows';
import { isDatabaseUnavailable } from './unavailable';

// Once, in the PostgreSQL project (the PGlite project sees the same address but has no use for it).
const url = process.env.TEST_DB_DRIVER === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;

/**
 * A TCP relay to PostgreSQL that can make the connections open through it fall silent: every byte
 * dropped both ways and no FIN, as when the database's machine loses power or its network.
 * Connections opened afterwards are relayed as before (the next host, in a real failover).
 */
async function silencingRelay(target: URL) {
  const open = new Set<{ silent: boolean }>();
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const link = { silent: false };
    open.add(link);
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(from);
      from.on('data', (chunk) => link.silent || to.write(chunk));
      from.on('error', () => {});
      from.on('close', () => link.silent || to.destroy());
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    silenceOpenConnections: () => open.forEach((link) => (link.silent = true)),
    close: async () => {
      sockets.forEach((socket) => socket.destroy());
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe.skipIf(!url)('a connection whose server falls silent (PostgreSQL)', () => {
  let relay: Awaited<ReturnType<typeof silencingRelay>>;
  let database: Database;

  beforeAll(async () => {
    const target = new URL(url!);
    relay = await silencingRelay(target);
    const relayed = new URL(url!);
    relayed.host = `127.0.0.1:${relay.port}`;
    // One connection, so the second transaction would have to reuse the first's; a short timeout.
    database = fromPool(new pg.Pool({ ...poolOptions(relayed.toString(), 1), query_timeout: 500 }));
  });

  afterAll(async () => {
    await database.close().catch(() => {});
    await relay.close();
  });

  const selectTwo = async () =>
    rowsOf<{ two: number }>(await database.db.transaction((tx) => tx.execute(sql`select 2 as two`)));

  it('is dropped when a statement inside a transaction times out; the next transaction gets a new one', async () => {
    await selectTwo();
    const cut = await database.db
      .transaction(async (tx) => {
        relay.silenceOpenConnections();
        await tx.execute(sql`select 1`);
      })
      .catch((error: unknown) => error);
    expect(isDatabaseUnavailable(cut), String(cut)).toBe(true);
    // Handed back with its statement still outstanding, the connection would fail this one too.
    expect(await selectTwo()).toEqual([{ two: 2 }]);
  });

  it('is given back to the pool when BEGIN itself times out (drizzle releases nothing then)', async () => {
    await selectTwo();
    relay.silenceOpenConnections();
    const cut = await database.db.transaction((tx) => tx.execute(sql`select 1`)).catch((error: unknown) => error);
    expect(String(cut)).toContain('Failed query: begin');
    expect(isDatabaseUnavailable(cut), String(cut)).toBe(true);
    // The pool has one connection: kept by the failed transaction, this one would wait for it in vain.
    expect(await selectTwo()).toEqual([{ two: 2 }]);
  });
});
