import pg from 'pg';

/**
 * The statements the app sends to PostgreSQL while `work` runs, counted on `pg`'s client prototype
 * (each connection's own `query`, db/named-statements.ts, calls it). PostgreSQL only: PGlite has no
 * such single door.
 */
export async function statementsOf(work: () => Promise<unknown>): Promise<number> {
  let count = 0;
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    count++;
    return query.apply(this, args);
  };
  try {
    await work();
  } finally {
    proto.query = query;
  }
  return count;
}
