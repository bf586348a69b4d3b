import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/** The PostgreSQL the deploy tests use: CI's (TEST_DATABASE_URL), or a local one on the usual test port. */
export const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:54330/postgres';

export function databaseUrl(name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Why PostgreSQL cannot be used (unreachable), or null. */
export async function postgresMissing(): Promise<string | null> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.end();
    return null;
  } catch (error) {
    return `PostgreSQL at ${serverUrl} is not reachable (${(error as Error).message}); set TEST_DATABASE_URL`;
  }
}

/**
 * A client program (pg_dump, pg_restore) from the newest PostgreSQL installed: `PG_BIN`, then
 * Debian's /usr/lib/postgresql/<major>/bin, then PATH. pg_dump refuses servers newer than itself,
 * so the newest one is the one to take.
 */
export function pgTool(name: string): string | null {
  const dirs = process.env.PG_BIN ? [process.env.PG_BIN] : [];
  if (existsSync('/usr/lib/postgresql')) {
    const majors = readdirSync('/usr/lib/postgresql')
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    dirs.push(...majors.map((v) => `/usr/lib/postgresql/${v}/bin`));
  }
  dirs.push(...(process.env.PATH ?? '').split(path.delimiter));
  for (const dir of dirs) if (dir && existsSync(path.join(dir, name))) return path.join(dir, name);
  return null;
}

/** Runs statements on the server's maintenance database (create and drop databases). */
export async function admin(...statements: string[]) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}
