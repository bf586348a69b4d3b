import { createHash } from 'node:crypto';
import { and, eq, lt, lte } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerMessageKey } from '@common/i18n/keys';
import type { Clock } from '../core/clock';
import { translate } from '../core/i18n';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { requestLanguage } from './request-language';

/** How long an answer is kept for its key, as Stripe does. */
export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;
/**
 * A running request's claim. The owner renews it every third of this while the handler runs, so
 * only a dead owner's claim runs out; a retry then runs the request again. Short, because nginx
 * and clients retry right after an instance dies.
 */
export const IDEMPOTENCY_LEASE_MS = 5_000;
/** What a 409 asks the client to wait before asking again. */
const RETRY_AFTER_SECONDS = 1;

/** Stripe allows up to 255; at least 8 keeps "1" and "retry" from colliding by accident. */
const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,255}$/;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Routes whose answers are never stored (the key is checked, then the request runs as without
 * one): sign-in and everything under /api/auth set session cookies or carry passwords, one-time
 * tokens and second-factor secrets; the calendar feed's rotation answers with its secret address;
 * Stripe's webhook keeps its own idempotency by event id; the unsubscribe link is a token that
 * mail providers post and is harmless to repeat. Decision 074.
 */
const NOT_STORED = [
  /^\/api\/auth\//,
  /^\/api\/calendar\/feed\/rotate$/,
  /^\/api\/payments\/webhook$/,
  /^\/api\/email\/unsubscribe$/,
];

type Claim = { scope: string; key: string; renew: NodeJS.Timeout; settled: boolean };

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyClaim?: Claim;
  }
}

const pathOf = (request: FastifyRequest) => request.url.split('?')[0];

/**
 * The caller's namespace: their account, or for a visitor (the doctor application form), the
 * address the proxy reports. Random keys do not collide, and a replay needs the same body too.
 */
const scopeOf = (request: FastifyRequest) => (request.user ? `user:${request.user.id}` : `anon:${request.ip}`);

/** What "the same request" means: method, path with query, and the validated body. */
export const requestHash = (method: string, url: string, body: unknown) =>
  createHash('sha256')
    .update(`${method} ${url}\n`)
    .update(JSON.stringify(body ?? null))
    .digest('hex');

const fingerprint = (request: FastifyRequest) => requestHash(request.method, request.url, request.body);

function refuse(request: FastifyRequest, reply: FastifyReply, status: number, code: string, key: ServerMessageKey) {
  if (status === 409) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .send({ message: translate(requestLanguage(request), key), code });
}

/**
 * Every state-changing request under /api honours an `Idempotency-Key` header (docs/resilience.md,
 * decision 074): the first request claims the key with an inserted "running" row, in the database
 * so every instance sees it; its answer (2xx or 4xx, JSON, without cookies) is stored; the same key
 * and request answer it again with `Idempotent-Replayed: true`; another request under the key is a
 * 422; a retry while the first still runs is a 409 with Retry-After. The claim is taken after
 * sign-in, access and validation, so refusals before the handler are never stored.
 */
export function registerIdempotency(app: FastifyInstance, db: Db, clock: Clock): void {
  app.addHook('preValidation', async (request, reply) => {
    if (!WRITES.has(request.method) || !request.url.startsWith('/api/')) return;
    const key = request.headers['idempotency-key'];
    if (key === undefined) return;
    if (typeof key !== 'string' || !KEY_PATTERN.test(key))
      return refuse(request, reply, 400, 'idempotency_key_invalid', 'errors.idempotencyKeyInvalid');
  });

  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers['idempotency-key'];
    if (typeof key !== 'string' || !WRITES.has(request.method) || !request.url.startsWith('/api/')) return;
    if (NOT_STORED.some((pattern) => pattern.test(pathOf(request)))) return;
    const scope = scopeOf(request);
    const hash = fingerprint(request);
    const claimed = await claim(db, clock, scope, key, hash);
    if (claimed === 'claimed') {
      const renew = setInterval(() => {
        const lockedUntil = new Date(clock.now().getTime() + IDEMPOTENCY_LEASE_MS);
        void db
          .update(idempotencyKeys)
          .set({ lockedUntil })
          .where(
            and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key), eq(idempotencyKeys.state, 'running')),
          )
          .catch((err) => request.log.warn({ err }, 'idempotency lease not renewed'));
      }, IDEMPOTENCY_LEASE_MS / 3);
      renew.unref();
      request.idempotencyClaim = { scope, key, renew, settled: false };
      return;
    }
    if (claimed === 'other_request')
      return refuse(request, reply, 422, 'idempotency_key_reused', 'errors.idempotencyKeyReused');
    if (claimed === 'running')
      return refuse(request, reply, 409, 'idempotency_key_in_progress', 'errors.idempotencyKeyInProgress');
    // Health data may be in a stored answer: it is replayed, never logged.
    reply.header('idempotent-replayed', 'true').header('cache-control', 'no-store');
    if (claimed.status === 204) return reply.status(204).send();
    return reply.status(claimed.status).header('content-type', 'application/json; charset=utf-8').send(claimed.body);
  });

  // Before compression (registered earlier), so the stored answer is the plain JSON.
  app.addHook('onSend', async (request, reply, payload) => {
    const claimed = request.idempotencyClaim;
    if (!claimed || claimed.settled) return payload;
    claimed.settled = true;
    clearInterval(claimed.renew);
    const where = and(eq(idempotencyKeys.scope, claimed.scope), eq(idempotencyKeys.key, claimed.key));
    const type = String(reply.getHeader('content-type') ?? '');
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
    const storable =
      reply.statusCode < 500 &&
      reply.getHeader('set-cookie') === undefined &&
      (payload === undefined ||
        payload === null ||
        payload === '' ||
        (body !== null && type.startsWith('application/json')));
    // An answer not kept (a failure, a cookie, a file) frees the key: a retry runs the request again.
    // When the database cannot take either (it is what failed), the claim runs out by itself and
    // the answer goes out unchanged.
    try {
      if (!storable) await db.delete(idempotencyKeys).where(where);
      else
        await db
          .update(idempotencyKeys)
          .set({ state: 'done', lockedUntil: null, responseStatus: reply.statusCode, responseBody: body ?? '' })
          .where(where);
    } catch (err) {
      request.log.warn({ err }, 'idempotency answer not stored');
    }
    return payload;
  });

  // A request that never reached onSend (its connection gone before an answer) lets its claim run out.
  app.addHook('onResponse', async (request) => {
    if (request.idempotencyClaim) clearInterval(request.idempotencyClaim.renew);
  });
}

type Claimed = 'claimed' | 'running' | 'other_request' | { status: number; body: string };

/**
 * Insert first: the row that goes in wins the key. Otherwise the row there decides: another
 * request's hash is a 422, a finished one is replayed, a running one is a 409 unless its lease ran
 * out (the owner died), when this request takes it over. An expired row is deleted and the key
 * claimed anew.
 */
async function claim(db: Db, clock: Clock, scope: string, key: string, requestHash: string): Promise<Claimed> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const now = clock.now();
    const lockedUntil = new Date(now.getTime() + IDEMPOTENCY_LEASE_MS);
    const inserted = await db
      .insert(idempotencyKeys)
      .values({
        scope,
        key,
        requestHash,
        state: 'running',
        lockedUntil,
        createdAt: now,
        expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length) return 'claimed';
    const mine = and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));
    const [row] = await db.select().from(idempotencyKeys).where(mine);
    if (!row) continue;
    if (row.expiresAt <= now) {
      await db.delete(idempotencyKeys).where(and(mine, lte(idempotencyKeys.expiresAt, now)));
      continue;
    }
    if (row.requestHash !== requestHash) return 'other_request';
    if (row.state === 'done') return { status: row.responseStatus ?? 200, body: row.responseBody ?? '' };
    if (row.lockedUntil && row.lockedUntil > now) return 'running';
    const taken = await db
      .update(idempotencyKeys)
      .set({ lockedUntil })
      .where(and(mine, eq(idempotencyKeys.state, 'running'), lt(idempotencyKeys.lockedUntil, now)))
      .returning({ key: idempotencyKeys.key });
    if (taken.length) return 'claimed';
  }
  return 'running';
}

/** Answers kept past their 24 hours are never replayed; the housekeeping sweep deletes them. */
export async function purgeExpiredIdempotencyKeys(db: Db, now: Date): Promise<number> {
  const rows = await db
    .delete(idempotencyKeys)
    .where(lte(idempotencyKeys.expiresAt, now))
    .returning({ key: idempotencyKeys.key });
  return rows.length;
}
