import { ECDH } from 'node:crypto';
import { isIP } from 'node:net';
import { and, count, desc, eq, ne } from 'drizzle-orm';
import { PUSH_SUBSCRIPTIONS_MAX } from '@common/constants/push';
import type { PushSubscription, PushSubscriptionBody } from '@common/schemas/push';
import type { PushSettings } from '../../config/push';
import { localizedError, notFound } from '../../core/errors';
import type { Db } from '../../db/client';
import { pushSubscriptions, users } from '../../db/schema';

type Row = typeof pushSubscriptions.$inferSelect;

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** The bytes of a base64url key, or null when it is not base64url. */
function keyBytes(value: string): Buffer | null {
  if (!BASE64URL.test(value)) return null;
  return Buffer.from(value.replace(/=+$/, ''), 'base64url');
}

/**
 * Where the server will send: an https push service named by its host. An address (10.0.0.5,
 * [::1]) or localhost would let anyone make this server post to its own network; plain http is
 * refused except http://127.0.0.1 outside production (a test's or a developer's own push service).
 */
export function endpointProblem(endpoint: string, settings: Pick<PushSettings, 'allowLoopbackHttp'>): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return true;
  }
  if (url.username || url.password || url.hash) return true;
  if (url.protocol === 'http:') return !(settings.allowLoopbackHttp && url.hostname === '127.0.0.1');
  if (url.protocol !== 'https:') return true;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return isIP(host) !== 0 || host === 'localhost' || host.endsWith('.localhost') || !host.includes('.');
}

/** The browser's keys as RFC 8291 needs them: a P-256 public point (65 bytes) and a 16-byte secret. */
export function keysProblem(keys: PushSubscriptionBody['keys']): boolean {
  const p256dh = keyBytes(keys.p256dh);
  const auth = keyBytes(keys.auth);
  if (!p256dh || !auth || p256dh.length !== 65 || p256dh[0] !== 0x04 || auth.length !== 16) return true;
  try {
    // Throws unless the bytes are a point on the curve.
    ECDH.convertKey(p256dh, 'prime256v1', undefined, undefined, 'uncompressed');
    return false;
  } catch {
    return true;
  }
}

const shaped = (row: Row): PushSubscription => ({
  id: row.id,
  endpoint: row.endpoint,
  service: new URL(row.endpoint).host,
  createdAt: row.createdAt.toISOString(),
  lastSentAt: row.lastSentAt ? row.lastSentAt.toISOString() : null,
});

/**
 * Subscribes a device of mine. The same endpoint again (the browser renewed its keys, or another
 * person signs in on this browser) replaces the earlier row: one browser, one owner. At most
 * PUSH_SUBSCRIPTIONS_MAX devices per person, counted under a lock on the person's row so two
 * devices subscribing at once cannot pass it together.
 */
export async function subscribe(
  db: Db,
  settings: PushSettings,
  userId: string,
  body: PushSubscriptionBody,
  now: Date,
): Promise<{ subscription: PushSubscription; created: boolean }> {
  if (settings.keys.kind === 'off') throw localizedError('not_found', 'push.errors.off');
  if (endpointProblem(body.endpoint, settings)) {
    throw localizedError('bad_request', 'push.errors.endpoint', undefined, {
      endpoint: { key: 'push.errors.endpoint' },
    });
  }
  if (keysProblem(body.keys)) {
    throw localizedError('bad_request', 'push.errors.keys', undefined, { keys: { key: 'push.errors.keys' } });
  }
  const p256dh = body.keys.p256dh.replace(/=+$/, '');
  const auth = body.keys.auth.replace(/=+$/, '');
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [others] = await tx
      .select({ n: count() })
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), ne(pushSubscriptions.endpoint, body.endpoint)));
    if (others.n >= PUSH_SUBSCRIPTIONS_MAX) {
      throw localizedError('conflict', 'push.errors.tooMany', { max: PUSH_SUBSCRIPTIONS_MAX });
    }
    const [existing] = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, body.endpoint));
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({ userId, endpoint: body.endpoint, p256dh, auth, createdAt: now })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, p256dh, auth, createdAt: now, lastSentAt: null },
      })
      .returning();
    return { subscription: shaped(row), created: !existing };
  });
}

export async function listSubscriptions(db: Db, userId: string): Promise<PushSubscription[]> {
  const rows = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), pushSubscriptions.id);
  return rows.map(shaped);
}

/** Removes a device of mine; anyone else's is a 404, as if it did not exist. */
export async function unsubscribe(db: Db, userId: string, id: string): Promise<void> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  if (removed.length === 0) throw notFound('Resource');
}

/** Every device of a person, in the caller's transaction (sign out everywhere, account deletion). */
export async function forgetDevices(tx: Db, userId: string): Promise<void> {
  await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}
