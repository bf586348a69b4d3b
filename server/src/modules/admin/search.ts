import { sql, type SQL } from 'drizzle-orm';
import { users } from '../../db/schema';

/**
 * "Name or e-mail contains the text", on the expression the trigram index
 * users_admin_search_trgm_idx is built on (migrations/0012_admin_search_indexes.sql); the two
 * must stay spelled the same for the index to serve the search.
 */
export function personMatches(q: string): SQL {
  return sql`lower(${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.email}) like ${likeContaining(q)}`;
}

/** `%text%` for LIKE, with the user's own % and _ taken literally. */
export function likeContaining(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export const fullName = (first: SQL | typeof users.firstName, last: SQL | typeof users.lastName) =>
  sql<string>`${first} || ' ' || ${last}`;
