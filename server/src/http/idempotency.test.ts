import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { fixedClock } from '../core/clock';
import { idempotencyKeys, users } from '../db/schema';
import { createPaymentProvider } from '../payments/select';
import type { PaymentProvider } from '../payments/provider';
import { pendingBooking } from '../test-support/booking-fixtures';
import { createTestApp, signedInUser, type TestContext } from '../test-support/test-app';
import { sweepHousekeeping } from './housekeeping';
import { IDEMPOTENCY_LEASE_MS, requestHash } from './idempotency';

/**
 * Every write honours Idempotency-Key (docs/resilience.md), tried as a client would: a double
 * click, a retry while the first is still running (on another instance), another body under the
 * same key, another account's key, a malformed key, a key past its 24 hours.
 */
let t: TestContext;
/** A second instance on the same database, whose payment provider waits until let go. */
let other: FastifyInstance;
let gate: { held: boolean; release: () => void; entered: Promise<void> } | null = null;

const gatedProvider = (inner: PaymentProvider): PaymentProvider =>
  new Proxy(inner, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (property !== 'createIntent') return typeof value === 'function' ? value.bind(target) : value;
      return async (...args: Parameters<PaymentProvider['createIntent']>) => {
        if (gate?.held) await new Promise<void>((resolve) => (gate!.release = resolve));
        return target.createIntent(...args);
      };
    },
  });

beforeAll(async () => {
  t = await createTestApp();
  other = await buildApp({
    config: t.config,
    database: t.database,
    payments: gatedProvider(createPaymentProvider(t.config, t.db)),
    jobs: { start: false },
  });
  await other.ready();
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const creditUrl = (userId: string) => `/api/admin/users/${userId}/wallet-credits`;
const walletOf = async (userId: string) =>
  (await t.db.select({ balance: users.walletBalance }).from(users).where(eq(users.id, userId)))[0].balance;

const send = (
  app: FastifyInstance,
  cookie: string,
  url: string,
  payload: unknown,
  key?: string,
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE' = 'POST',
) =>
  app.inject({
    method,
    url,
    headers: { cookie, ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload: payload as object,
  });

describe('Idempotency-Key on writes', () => {
  it('a double click credits once: the second answer is the first one replayed', async () => {
    const admin = await signedInUser(t.db, { userType: 'admin' });
    const patient = await signedInUser(t.db);
    const key = randomUUID();
    const body = { amount: 2500, reason: 'Your doctor was 40 minutes late' };
    const first = await send(t.app, admin.cookie, creditUrl(patient.user.id), body, key);
    const second = await send(t.app, admin.cookie, creditUrl(patient.user.id), body, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.headers['content-type']).toMatch(/^application\/json/);
    expect(second.json()).toEqual(first.json());
    expect(await walletOf(patient.user.id)).toBe(2500);
  });

  it('without a key a write runs each time, as before', async () => {
    const admin = await signedInUser(t.db, { userType: 'admin' });
    const patient = await signedInUser(t.db);
    const body = { amount: 100, reason: 'Sorry' };
    await send(t.app, admin.cookie, creditUrl(patient.user.id), body);
    await send(t.app, admin.cookie, creditUrl(patient.user.id), body);
    expect(await walletOf(patient.user.id)).toBe(200);
  });

  it('the same key with another body is refused with 422 and changes nothing', async () => {
    const admin = await signedInUser(t.db, { userType: 'admin' });
    const patient = await signedInUser(t.db);
    const key = randomUUID();
    await send(t.app, admin.cookie, creditUrl(patient.user.id), { amount: 100, reason: 'Sorry' }, key);
    const reused = await send(t.app, admin.cookie, creditUrl(patient.user.id), { amount: 5000, reason: 'Sorry' }, key);
    expect(reused.statusCode, reused.body).toBe(422);
    expect(reused.json()).toMatchObject({ code: 'idempotency_key_reused' });
    // Another path is another request too.
    const elsewhere = await signedInUser(t.db);
    const moved = await send(t.app, admin.cookie, creditUrl(elsewhere.user.id), { amount: 100, reason: 'Sorry' }, key);
    expect(moved.statusCode).toBe(422);
    expect(await walletOf(patient.user.id)).toBe(100);
    expect(await walletOf(elsewhere.user.id)).toBe(0);
  });

  it("another account's key is its own: never someone else's answer", async () => {
    const first = await signedInUser(t.db, { userType: 'admin' });
    const second = await signedInUser(t.db, { userType: 'admin' });
    const patient = await signedInUser(t.db);
    const key = randomUUID();
    const body = { amount: 300, reason: 'Sorry' };
    await send(t.app, first.cookie, creditUrl(patient.user.id), body, key);
    const theirs = await send(t.app, second.cookie, creditUrl(patient.user.id), body, key);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(await walletOf(patient.user.id)).toBe(600);
    // A visitor sending a signed-in account's key gets nothing of theirs either.
    const visitor = await t.app.inject({
      method: 'POST',
      url: creditUrl(patient.user.id),
      headers: { 'idempotency-key': key },
      payload: body,
    });
    expect(visitor.statusCode).toBe(401);
  });

  it('a malformed key is a 400 and the write does not run', async () => {
    const admin = await signedInUser(t.db, { userType: 'admin' });
    const patient = await signedInUser(t.db);
    for (const bad of ['short', 'x'.repeat(256), 'has space in it', 'naïve-key-123', 'semi;colon;key', '']) {
      const res = await send(t.app, admin.cookie, creditUrl(patient.user.id), { amount: 100, reason: 'x' }, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'idempotency_key_invalid' });
    }
    expect(await walletOf(patient.user.id)).toBe(0);
    const spanish = await t.app.inject({
      method: 'POST',
      url: creditUrl(patient.user.id),
      headers: { cookie: admin.cookie, 'idempotency-key': 'short', 'accept-language': 'es' },
      payload: { amount: 100, reason: 'x' },
    });
    expect(spanish.json().message).toMatch(/encabezado/);
  });

  it('a retry while the first is still running (on another instance) gets 409, then the one answer', async () => {
    const { patient, appointment } = await pendingBooking(t.app, t.db);
    const key = randomUUID();
    gate = { held: true, release: () => {}, entered: Promise.resolve() };
    const first = send(other, patient.cookie, '/api/payments/create-intent', { appointmentId: appointment.id }, key);
    await expect
      .poll(async () => (await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).length)
      .toBe(1);
    const retry = await send(
      t.app,
      patient.cookie,
      '/api/payments/create-intent',
      { appointmentId: appointment.id },
      key,
    );
    expect(retry.statusCode, retry.body).toBe(409);
    expect(retry.json()).toMatchObject({ code: 'idempotency_key_in_progress' });
    expect(Number(retry.headers['retry-after'])).toBeGreaterThan(0);
    gate.held = false;
    gate.release();
    const done = await first;
    expect(done.statusCode, done.body).toBe(200);
    const again = await send(
      t.app,
      patient.cookie,
      '/api/payments/create-intent',
      { appointmentId: appointment.id },
      key,
    );
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(done.json());
    gate = null;
  });

  it('two retries in flight at once on two instances credit once; each sees the one answer or a 409', async () => {
    const admin = await signedInUser(t.db, { userType: 'admin' });
    const patient = await signedInUser(t.db);
    const key = randomUUID();
    const body = { amount: 700, reason: 'Sorry' };
    const replies = await Promise.all([
      send(t.app, admin.cookie, creditUrl(patient.user.id), body, key),
      send(other, admin.cookie, creditUrl(patient.user.id), body, key),
    ]);
    const ok = replies.filter((r) => r.statusCode === 200);
    expect(ok.length).toBeGreaterThan(0);
    for (const r of replies) expect([200, 409]).toContain(r.statusCode);
    for (const r of ok) expect(r.json()).toEqual(ok[0].json());
    expect(await walletOf(patient.user.id)).toBe(700);
  });

  it('sign-in and sign-up replies are never stored: no cookie, no secret kept', async () => {
    const key = randomUUID();
    const email = `idem-${randomUUID()}@example.com`;
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'idempotency-key': key },
      payload: { email, password: 'a long enough password', firstName: 'A', lastName: 'B', userType: 'patient' },
    });
    expect(register.statusCode, register.body).toBe(201);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'idempotency-key': key },
      payload: { email, password: 'a long enough password' },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.headers['idempotent-replayed']).toBeUndefined();
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([]);
  });
});

describe('a first request whose instance died', () => {
  it('holds the key until its claim runs out; then a retry runs the write, once', async () => {
    const admin = await signedInUser(t.db, { userType: 'admin' });
    const patient = await signedInUser(t.db);
    const key = randomUUID();
    const body = { amount: 900, reason: 'Sorry' };
    const url = creditUrl(patient.user.id);
    // What a SIGKILLed instance leaves behind: its claim, never renewed again, never answered.
    const now = Date.now();
    await t.db.insert(idempotencyKeys).values({
      scope: `user:${admin.user.id}`,
      key,
      requestHash: requestHash('POST', url, body),
      state: 'running',
      lockedUntil: new Date(now + IDEMPOTENCY_LEASE_MS),
      createdAt: new Date(now),
      expiresAt: new Date(now + 86_400_000),
    });
    const early = await send(t.app, admin.cookie, url, body, key);
    expect(early.statusCode, early.body).toBe(409);
    await t.db
      .update(idempotencyKeys)
      .set({ lockedUntil: new Date(now - 1000) })
      .where(eq(idempotencyKeys.key, key));
    const retry = await send(t.app, admin.cookie, url, body, key);
    expect(retry.statusCode, retry.body).toBe(200);
    const replay = await send(other, admin.cookie, url, body, key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await walletOf(patient.user.id)).toBe(900);
  });
});

describe('a key past its 24 hours', () => {
  let timed: TestContext;
  const clock = fixedClock(new Date('2026-03-02T10:00:00Z'));
  beforeAll(async () => {
    timed = await createTestApp({}, { clock });
  });
  afterAll(() => timed.close());

  it('runs again, and the housekeeping sweep purges expired keys', async () => {
    const admin = await signedInUser(timed.db, { userType: 'admin' });
    const patient = await signedInUser(timed.db);
    const key = randomUUID();
    const body = { amount: 400, reason: 'Sorry' };
    const balance = async () =>
      (await timed.db.select({ b: users.walletBalance }).from(users).where(eq(users.id, patient.user.id)))[0].b;
    await send(timed.app, admin.cookie, creditUrl(patient.user.id), body, key);
    clock.advance(23 * 3600_000);
    const replayed = await send(timed.app, admin.cookie, creditUrl(patient.user.id), body, key);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(await balance()).toBe(400);

    clock.advance(3600_000 + 1000);
    const fresh = await send(timed.app, admin.cookie, creditUrl(patient.user.id), body, key);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers['idempotent-replayed']).toBeUndefined();
    expect(await balance()).toBe(800);

    const count = async () => Number((await timed.db.select({ n: sql<number>`count(*)` }).from(idempotencyKeys))[0].n);
    expect(await count()).toBe(1);
    clock.advance(24 * 3600_000 + 1000);
    const swept = await sweepHousekeeping(
      timed.db,
      { idleMs: 3600_000, maxAgeMs: 86_400_000 },
      timed.app.log,
      clock.now(),
    );
    expect(swept).toMatchObject({ idempotencyKeys: 1 });
    expect(await count()).toBe(0);
  });
});
