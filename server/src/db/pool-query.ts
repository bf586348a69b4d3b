import type pg from 'pg';

/**
 * `pool.query(...)` through an explicit checkout, so that no connection keeps a reply alive.
 *
 * pg's `Client#_connect` registers a 'connect' listener that lives as long as the socket, and V8
 * gives it the same closure context as the callback of the connection's first checkout. When that
 * checkout is pg-pool's own `query()`, the callback holds the query's promise and with it the
 * first reply the connection ever gave: the directory's index build at start (94,000 rows, some
 * 150 MB of objects) stayed on the heap for the life of two connections (heap snapshot, bench/search,
 * 2026-12-04). A checkout by `pool.connect()` resolves to the client itself, which the connection
 * holds anyway. On an error the client is dropped, as pg-pool's `query()` does.
 */
export function queryThroughCheckout(pool: pg.Pool): void {
  const direct = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const viaCheckout = async (...args: unknown[]) => {
    const client = await pool.connect();
    try {
      const result = await (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
      client.release();
      return result;
    } catch (error) {
      client.release(error instanceof Error ? error : true);
      throw error;
    }
  };
  // The callback form (pg's own callers) and submittables (cursors) keep pg-pool's path.
  pool.query = ((...args: unknown[]) => {
    const last = args.at(-1);
    const submittable = typeof (args[0] as { submit?: unknown } | null)?.submit === 'function';
    return typeof last === 'function' || submittable ? direct(...args) : viaCheckout(...args);
  }) as typeof pool.query;
}

/**
 * A connection that ends while checked out goes back to the pool at once, which drops it; the
 * holder's own release later does nothing.
 *
 * drizzle's `transaction()` sends BEGIN before its try/finally (0.45.4, the latest): when BEGIN
 * fails, the connection is never released, and the pool stays a connection short for the life of
 * the process. A database lost mid-request (read-timeout.ts cuts the connection) or restarting
 * fails exactly that way, so each such request used to cost a slot for good.
 */
export function releaseWhenCut(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  pool.connect = ((...args: unknown[]) => {
    if (args.length) return connect(...args);
    return (connect() as Promise<pg.PoolClient>).then((client) => {
      const release = client.release;
      let released = false;
      const onEnd = () => {
        released = true;
        release(new Error('the connection ended while checked out'));
      };
      client.once('end', onEnd);
      client.release = (error?: Error | boolean) => {
        if (released) return;
        released = true;
        client.removeListener('end', onEnd);
        release(error);
      };
      return client;
    });
  }) as typeof pool.connect;
}
