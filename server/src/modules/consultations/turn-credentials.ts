import { createHmac } from 'node:crypto';

/**
 * coturn's `use-auth-secret` scheme (the "TURN REST API" draft): the username is
 * `<expiry in unix seconds>:<anything>` and the password is base64(HMAC-SHA1(secret, username)).
 * coturn recomputes the password from the shared secret and refuses a username whose expiry has
 * passed, so the app never stores a credential and the secret never leaves the two servers.
 *
 * Kept free of app imports: the media end-to-end test mints its expired credential with it.
 */
export type TurnCredential = { username: string; credential: string; expiresAt: Date };

export function turnPassword(secret: string, username: string): string {
  return createHmac('sha1', secret).update(username).digest('base64');
}

/**
 * The name coturn logs for a participant of a consultation: stable for the pair (so the room sees
 * the same ICE servers on every read), unlinkable to either id without the secret, and free of
 * anything about the visit. base64url has no ':', the scheme's separator.
 */
export function turnUserId(secret: string, consultationId: string, userId: string): string {
  return createHmac('sha256', secret)
    .update(`medora-turn-user\u0000${consultationId}\u0000${userId}`)
    .digest('base64url')
    .slice(0, 16);
}

export function mintTurnCredential(secret: string, opaqueId: string, expiresAt: Date): TurnCredential {
  const username = `${Math.floor(expiresAt.getTime() / 1000)}:${opaqueId}`;
  return { username, credential: turnPassword(secret, username), expiresAt };
}

const HOUR_S = 3600;
/** A credential handed out always has at least this long left. */
const MIN_LEFT_S = 30 * 60;
const MAX_LIFETIME_S = 24 * HOUR_S;

/**
 * When a participant's credential expires, in unix seconds.
 *
 * By default: one hour after the visit's end. The room rebuilds its peer connection whenever the
 * ICE servers it reads change, and it re-reads the consultation while waiting and at the start, so
 * the expiry must not move with the clock during a visit. It moves in whole hours from that anchor
 * only to keep the lifetime between 30 minutes (a call running long gets a later one from the
 * refresh endpoint) and 24 hours (a room opened days early).
 *
 * With `ttlSeconds` (TURN_TTL_SECONDS) the lifetime is at most that, and the expiry steps every
 * half TTL, so it changes at most that often.
 */
export function turnExpiry({
  visitEnd,
  now,
  ttlSeconds,
}: {
  visitEnd: Date;
  now: Date;
  ttlSeconds: number | null;
}): Date {
  const nowS = Math.floor(now.getTime() / 1000);
  if (ttlSeconds) {
    const step = Math.ceil(ttlSeconds / 2);
    return new Date(Math.floor((nowS + ttlSeconds) / step) * step * 1000);
  }
  const anchor = Math.floor(visitEnd.getTime() / 1000) + HOUR_S;
  let shift = 0;
  if (anchor < nowS + MIN_LEFT_S) shift = Math.ceil((nowS + MIN_LEFT_S - anchor) / HOUR_S);
  else if (anchor > nowS + MAX_LIFETIME_S) shift = -Math.ceil((anchor - nowS - MAX_LIFETIME_S) / HOUR_S);
  return new Date((anchor + shift * HOUR_S) * 1000);
}
