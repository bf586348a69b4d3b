import type { Db } from './client';

/**
 * A value built once per database handle: a prepared statement, whose building (drizzle turning
 * the query into text) costs more CPU than PostgreSQL spends running it. Keyed weakly, so a
 * transaction's handle, used once, is not kept; statements for a transaction are built per call.
 */
export function oncePerDb<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let value = built.get(db);
    if (value === undefined) {
      value = build(db);
      built.set(db, value);
    }
    return value;
  };
}
