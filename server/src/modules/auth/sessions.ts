import { and, eq, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';

/** What ending sessions needs: the sessions table and whoever holds their open sockets. */
export type SessionEnding = {
  db: Db;
  realtime: { hub: { endSessions(sessionIds: string[]): Promise<void> } };
};

/** Session ids are the hashes of their cookie tokens (http/session.ts `hashToken`). */
export type EndSessionsOptions = { except?: string; only?: string };

/**
 * Ends sessions of one user: all of them, all but `except` (the one asking), or `only` one.
 * The rows go first so no request or socket re-check finds them; then the sockets opened with
 * them close now on every instance. Answers the ids that ended.
 */
export async function endSessions(
  { db, realtime }: SessionEnding,
  userId: string,
  opts: EndSessionsOptions = {},
): Promise<string[]> {
  const where: SQL[] = [eq(sessions.userId, userId)];
  if (opts.only !== undefined) where.push(eq(sessions.id, opts.only));
  if (opts.except !== undefined) where.push(ne(sessions.id, opts.except));
  const ended = await db
    .delete(sessions)
    .where(and(...where))
    .returning({ id: sessions.id });
  const ids = ended.map((row) => row.id);
  await realtime.hub.endSessions(ids);
  return ids;
}
