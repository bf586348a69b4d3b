import { or, sql, type SQL } from 'drizzle-orm';
import { doctors, users } from '../../db/schema';

/**
 * "Name contains the text or e-mail starts with it". Each half has its own index
 * (migrations/0012_admin_search_indexes.sql): a trigram index on exactly the name expression
 * below, and a `text_pattern_ops` index for the e-mail prefix. E-mails are stored lower-case and
 * share their domain, so a substring match on them would touch every row; administrators type
 * the start of an address (or all of it).
 */
export function personMatches(q: string): SQL {
  const text = q.toLowerCase();
  return or(
    sql`lower(${users.firstName} || ' ' || ${users.lastName}) like ${likeContaining(text)}`,
    sql`${users.email} like ${`${escapeLike(text)}%`}`,
  )!;
}

/** The same match on a doctor's copies of their account's name and e-mail (doctors.search_*). */
export function doctorMatches(q: string): SQL {
  const text = q.toLowerCase();
  return or(
    sql`${doctors.searchName} like ${likeContaining(text)}`,
    sql`${doctors.searchEmail} like ${`${escapeLike(text)}%`}`,
  )!;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%text%` for LIKE, with the user's own % and _ taken literally. */
export function likeContaining(q: string): string {
  return `%${escapeLike(q.toLowerCase())}%`;
}
