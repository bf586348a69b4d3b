import type pg from 'pg';

/**
 * A connection whose query passed the pool's `query_timeout` is closed, not reused.
 *
 * pg answers the caller at the timeout but leaves the query outstanding on its connection, and the
 * next query waits behind it. When the server is alive the reply comes at last; when its machine
 * vanished (power or network lost, so no FIN ever arrives) it never does, and a connection handed
 * back to the pool (drizzle's transactions release without the error) failed every request it
 * served for another timeout each, until TCP gave up some fifteen minutes later. Destroyed, the
 * connection is no longer queryable and the pool drops it on release; the next one is opened to
 * whichever host answers (multi-host.ts).
 */
export function dropOnReadTimeout(client: pg.Client): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const cut = (error: unknown) => {
    if ((error as Error | undefined)?.message === READ_TIMEOUT)
      (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
  };
  client.query = ((...args: unknown[]) => {
    const last = args.at(-1);
    if (typeof last === 'function') {
      const callback = last as (error: unknown, result: unknown) => void;
      return query(...args.slice(0, -1), (error: unknown, result: unknown) => {
        cut(error);
        callback(error, result);
      });
    }
    const result = query(...args);
    if (typeof (result as Promise<unknown> | undefined)?.then !== 'function') return result;
    return (result as Promise<unknown>).catch((error: unknown) => {
      cut(error);
      throw error;
    });
  }) as typeof client.query;
}

/** pg's own message for a statement past `query_timeout` (client.js); `unavailable.ts` answers it with 503. */
export const READ_TIMEOUT = 'Query read timeout';
