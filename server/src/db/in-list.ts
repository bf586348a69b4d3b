import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * `column in ('a', 'b')` with the values written into the statement, not bound: a check constraint
 * or a partial index needs literals, and a query must name the same literals for the planner to
 * match it to a partial index. Only for lists from the code's own constants, never for input.
 */
export const inList = (column: AnyPgColumn, values: readonly string[]): SQL =>
  sql`${column} in (${sql.raw(values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', '))})`;
