import { randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { oidcLogins, oidcSessions, oidcSignups } from '../../db/schema';
import { hashToken } from '../../http/session';
import type { LoginChecks, ProviderIdentity } from './oidc-client';

/** A sign-in at the provider must come back within this time. */
export const LOGIN_TTL_MS = 10 * 60_000;
/** Choosing patient or doctor after a first sign-in must happen within this time. */
export const SIGNUP_TTL_MS = 15 * 60_000;

/** 32 random bytes, base64url: the shape of every state and sign-up token this module makes. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const newToken = () => randomBytes(32).toString('base64url');

/** Starts a sign-in: its state (also the browser's cookie), nonce and PKCE verifier, stored by the state's hash. */
export async function beginLogin(db: Db, returnTo: string, now: Date): Promise<LoginChecks> {
  await db.delete(oidcLogins).where(lt(oidcLogins.expiresAt, now));
  const checks = { state: newToken(), nonce: newToken(), codeVerifier: newToken() };
  await db.insert(oidcLogins).values({
    id: hashToken(checks.state),
    codeVerifier: checks.codeVerifier,
    nonce: checks.nonce,
    returnTo,
    expiresAt: new Date(now.getTime() + LOGIN_TTL_MS),
  });
  return checks;
}

/** Uses up the sign-in this state names: one statement, so two callbacks cannot both have it. */
export async function takeLogin(
  db: Db,
  state: string,
  now: Date,
): Promise<(LoginChecks & { returnTo: string }) | null> {
  const [row] = await db
    .delete(oidcLogins)
    .where(and(eq(oidcLogins.id, hashToken(state)), gt(oidcLogins.expiresAt, now)))
    .returning();
  return row ? { state, nonce: row.nonce, codeVerifier: row.codeVerifier, returnTo: row.returnTo } : null;
}

/** Holds a new person's identity until they choose patient or doctor; answers the cookie's token. */
export async function holdSignup(db: Db, identity: ProviderIdentity & { email: string }, returnTo: string, now: Date) {
  await db.delete(oidcSignups).where(lt(oidcSignups.expiresAt, now));
  const token = newToken();
  await db.insert(oidcSignups).values({
    id: hashToken(token),
    issuer: identity.issuer,
    subject: identity.subject,
    email: identity.email,
    emailVerified: identity.emailVerified,
    firstName: identity.firstName,
    lastName: identity.lastName,
    idToken: identity.idToken,
    returnTo,
    expiresAt: new Date(now.getTime() + SIGNUP_TTL_MS),
  });
  return token;
}

export type PendingSignup = typeof oidcSignups.$inferSelect;

const liveSignup = (token: string, now: Date) =>
  and(eq(oidcSignups.id, hashToken(token)), gt(oidcSignups.expiresAt, now));

export async function readSignup(db: Db, token: string | undefined, now: Date): Promise<PendingSignup | null> {
  if (!token || !TOKEN_PATTERN.test(token)) return null;
  const [row] = await db.select().from(oidcSignups).where(liveSignup(token, now));
  return row ?? null;
}

/** Uses up a waiting sign-up (single use, like the sign-in before it). */
export async function takeSignup(db: Db, token: string | undefined, now: Date): Promise<PendingSignup | null> {
  if (!token || !TOKEN_PATTERN.test(token)) return null;
  const [row] = await db.delete(oidcSignups).where(liveSignup(token, now)).returning();
  return row ?? null;
}

/** Keeps the ID token a session was opened with, for the provider's sign-out. */
export async function rememberIdToken(db: Db, sessionToken: string, idToken: string): Promise<void> {
  await db.insert(oidcSessions).values({ sessionId: hashToken(sessionToken), idToken });
}

export async function idTokenOf(db: Db, sessionToken: string): Promise<string | null> {
  const [row] = await db
    .select({ idToken: oidcSessions.idToken })
    .from(oidcSessions)
    .where(eq(oidcSessions.sessionId, hashToken(sessionToken)));
  return row?.idToken ?? null;
}
