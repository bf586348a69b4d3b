import { and, desc, eq, gt, ne, type SQL } from 'drizzle-orm';
import type { SessionInfo } from '@common/schemas/mfa';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';
import type { SessionLimits } from '../../http/session';
import { approximatePlace, deviceName } from './device';

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

/** The user's sessions still in use, newest activity first, as the sessions list shows them. */
export async function listSessions(
  db: Db,
  userId: string,
  currentId: string | undefined,
  limits: SessionLimits,
  now: Date,
): Promise<SessionInfo[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        gt(sessions.lastSeenAt, new Date(now.getTime() - limits.idleMs)),
        gt(sessions.createdAt, new Date(now.getTime() - limits.maxAgeMs)),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt));
  return rows.map((row) => ({
    id: row.publicId,
    device: deviceName(row.userAgent),
    place: approximatePlace(row.ipAddress),
    createdAt: row.createdAt.toISOString(),
    lastActiveAt: row.lastSeenAt.toISOString(),
    current: row.id === currentId,
  }));
}

/** The session id behind a public id, only among this user's sessions. */
export async function sessionIdOf(db: Db, userId: string, publicId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.publicId, publicId)));
  return row?.id ?? null;
}
