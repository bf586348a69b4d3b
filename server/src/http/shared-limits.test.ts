import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { fixedClock } from '../core/clock';
import { fromPool, type Database } from '../db/client';
import { createUser } from '../db/factories';
import { createTestDatabase, testDriver } from '../test-support/test-database';
import { createTestApp, type TestContext } from '../test-support/test-app';
import { SharedLoginThrottle } from './login-throttle';
import { countHit } from './shared-counter';

describe('shared counters', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('count every one of many concurrent hits exactly once', async () => {
    const now = new Date('2030-01-01T00:00:00Z');
    const results = await Promise.all(Array.from({ length: 20 }, () => countHit(t.db, 'burst', 60_000, now)));
    expect(results.map((r) => r.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('start a new window once the old one has run out', async () => {
    const start = new Date('2030-01-01T00:00:00Z');
    await countHit(t.db, 'window', 60_000, start);
    expect((await countHit(t.db, 'window', 60_000, new Date(start.getTime() + 59_999))).hits).toBe(2);
    const fresh = await countHit(t.db, 'window', 60_000, new Date(start.getTime() + 60_000));
    expect(fresh).toEqual({ hits: 1, resetAt: new Date(start.getTime() + 120_000) });
  });

  it('lock an e-mail after five attempts in the window, on the app clock, and forget them after a success', async () => {
    const clock = fixedClock(new Date('2030-01-01T00:00:00Z'));
    const throttle = new SharedLoginThrottle(t.db, clock, 5, 60_000);
    for (let i = 0; i < 5; i++) expect(await throttle.reserveAttempt('a@b.co')).toBe(0);
    expect(await throttle.reserveAttempt('a@b.co')).toBe(60_000);
    expect(await throttle.reserveAttempt('other@b.co')).toBe(0);
    clock.advance(60_000);
    expect(await throttle.reserveAttempt('a@b.co')).toBe(0);
    await throttle.reset('a@b.co');
    for (let i = 0; i < 5; i++) expect(await throttle.reserveAttempt('a@b.co')).toBe(0);
  });
});

// Two app instances, each with its own pool, on one PostgreSQL database: what a deployment behind
// a proxy looks like. On the embedded database an app is alone and counts in memory.
describe.skipIf(testDriver !== 'postgres')('two instances on one PostgreSQL', () => {
  let first: TestContext & { url?: string };
  let secondDatabase: Database;
  let second: FastifyInstance;
  beforeAll(async () => {
    const database = await createTestDatabase();
    first = await createTestAppOn(database, { AUTH_RATE_LIMIT_PER_MINUTE: '4' });
    // The realtime bus keeps one connection listening; the job worker is not needed here.
    secondDatabase = fromPool(new pg.Pool({ connectionString: database.url, max: 4 }));
    second = await buildApp({ config: first.config, database: secondDatabase, jobs: { start: false } });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await secondDatabase.close();
    await first.close();
  });

  const login = (app: FastifyInstance, email: string, password: string, address: string) =>
    app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: address, payload: { email, password } });

  it('share the sign-in throttle: five failures spread over both lock the account on both', async () => {
    await createUser(first.db, { email: 'spread@example.com', password: 'the right password' });
    const statuses = [];
    // A new address for every try, so only the per-account throttle can stop them.
    for (let i = 0; i < 5; i++) {
      const app = i % 2 === 0 ? first.app : second;
      statuses.push((await login(app, 'spread@example.com', `wrong ${i}`, `10.1.0.${i}`)).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    expect((await login(second, 'spread@example.com', 'the right password', '10.1.0.9')).statusCode).toBe(429);
    expect((await login(first.app, 'spread@example.com', 'the right password', '10.1.0.10')).statusCode).toBe(429);
  });

  it('share the per-address rate limit of a route', async () => {
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      const app = i % 2 === 0 ? first.app : second;
      statuses.push((await login(app, `nobody-${i}@example.com`, 'whatever it is', '192.0.2.77')).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    // Sign-up keeps its own budget for the same address.
    const signUp = await second.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: '192.0.2.77',
      payload: {
        email: 'new@example.com',
        password: 'long enough password',
        firstName: 'A',
        lastName: 'B',
        userType: 'patient',
      },
    });
    expect(signUp.statusCode).toBe(201);
  });
});

async function createTestAppOn(database: Database & { url?: string }, env: Record<string, string>) {
  const { loadConfig } = await import('../config');
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DEMO_MODE: 'false', ...env });
  const app = await buildApp({ config, database });
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    config,
    url: database.url,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
