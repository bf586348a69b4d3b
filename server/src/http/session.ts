import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { oncePerDb } from '../db/once-per-db';
import { sessions, users, userTotp } from '../db/schema';
import type { SessionUser } from '../core/session-user';

export const SESSION_COOKIE = 'medora_session';
// Touching last_seen_at on every request would write on every read; once a minute is plenty
// for a 7-day idle limit.
const TOUCH_AFTER_MS = 60_000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Where a session was opened from, as the sessions list shows it. */
export type SessionOrigin = { userAgent?: string; ipAddress?: string };

// Header text is the client's to choose: bounded and without control characters before it is stored.
const headerText = (value: string | undefined, max: number) =>
  (value ?? '').replace(/[\u0000-\u001f\u007f]/g, '').slice(0, max);

export async function createSession(db: Db, userId: string, origin: SessionOrigin = {}): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    id: hashToken(token),
    userId,
    userAgent: headerText(origin.userAgent, 400),
    ipAddress: headerText(origin.ipAddress, 64),
  });
  return token;
}

/** The origin of a request: its user agent and (behind trusted proxies) the client's address. */
export const originOf = (request: FastifyRequest): SessionOrigin => ({
  userAgent: request.headers['user-agent'],
  ipAddress: request.ip,
});

export async function destroySession(db: Db, token: string | undefined): Promise<void> {
  if (token) await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
}

// Every signed-in request asks this: built once, not per request (oncePerDb).
const sessionStatement = oncePerDb((db) =>
  db
    .select({
      user: {
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        userType: users.userType,
        isActive: users.isActive,
        emailVerified: sql<boolean>`${users.emailVerifiedAt} is not null`,
        language: users.language,
      },
      mfaEnabled: sql<boolean>`${userTotp.enabledAt} is not null`,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(userTotp, eq(userTotp.userId, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('id')),
        ...aliveAfter({
          seenAfter: sql`${sql.placeholder('seenAfter')}::timestamptz`,
          openedAfter: sql`${sql.placeholder('openedAfter')}::timestamptz`,
        }),
      ),
    )
    .limit(1)
    .prepare('session_user'),
);

export async function userForToken(
  db: Db,
  token: string | undefined,
  limits: SessionLimits,
  now: Date = new Date(),
): Promise<SessionUser | null> {
  if (!token || token.length > 100) return null;
  const id = hashToken(token);
  const { seenAfter, openedAfter } = aliveBounds(limits, now);
  const [row] = await sessionStatement(db).execute({
    id,
    seenAfter: seenAfter.toISOString(),
    openedAfter: openedAfter.toISOString(),
  });
  if (!row || !row.user.isActive) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(sessions.id, id));
  }
  return { ...row.user, mfaEnabled: Boolean(row.mfaEnabled) };
}

/** Of these session ids, the ones still valid: not idle, not too old, and their user active. */
export async function liveSessionIds(db: Db, ids: string[], limits: SessionLimits, now: Date): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(inArray(sessions.id, ids), eq(users.isActive, true), ...sessionAlive(limits, now)));
  return new Set(rows.map((r) => r.id));
}

export type SessionLimits = { idleMs: number; maxAgeMs: number };

/** A session ends after `idleMs` without use and, however busy, `maxAgeMs` after sign-in. */
const aliveBounds = ({ idleMs, maxAgeMs }: SessionLimits, now: Date) => ({
  seenAfter: new Date(now.getTime() - idleMs),
  openedAfter: new Date(now.getTime() - maxAgeMs),
});
/** Alive: used since `seenAfter` and opened since `openedAfter` (instants, or a prepared statement's placeholders). */
const aliveAfter = ({ seenAfter, openedAfter }: { seenAfter: Date | SQL; openedAfter: Date | SQL }) => [
  gt(sessions.lastSeenAt, seenAfter),
  gt(sessions.createdAt, openedAfter),
];
const sessionAlive = (limits: SessionLimits, now: Date) => aliveAfter(aliveBounds(limits, now));

/** Sessions no request can use any more (idle, or past their maximum age); answers how many went. */
export async function purgeIdleSessions(db: Db, limits: SessionLimits, now: Date): Promise<number> {
  const { seenAfter, openedAfter } = aliveBounds(limits, now);
  const rows = await db
    .delete(sessions)
    .where(or(lt(sessions.lastSeenAt, seenAfter), lt(sessions.createdAt, openedAfter)))
    .returning({ id: sessions.id });
  return rows.length;
}

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean, idleMs: number) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: Math.floor(idleMs / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

export const sessionToken = (request: FastifyRequest) => request.cookies[SESSION_COOKIE];
