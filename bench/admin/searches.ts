import pg from 'pg';

/**
 * Searches an administrator types, 20 to a page: last names, full names, e-mail fragments, pages
 * past the first, picked from the seeded doctors the same way every run.
 */
export async function adminSearches(dbUrl: string): Promise<Record<string, string>[]> {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const people = (
    await db.query<{ first_name: string; last_name: string; email: string }>(
      `select first_name, last_name, email from users where user_type = 'doctor' order by md5(id::text) limit 12`,
    )
  ).rows;
  await db.end();
  return people
    .flatMap((p, i): Record<string, string>[] => [
      { q: p.last_name },
      { q: `${p.first_name} ${p.last_name}` },
      { q: p.email.split('@')[0] },
      { q: p.email },
      ...(i % 3 === 0 ? [{ q: p.last_name, page: '3' }, { q: p.email.slice(0, 8) }] : []),
    ])
    .map((s) => ({ pageSize: '20', ...s }));
}
