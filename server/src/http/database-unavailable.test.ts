import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { fromPool, poolOptions, POOL_TIMEOUTS } from '../db/client';
import { isDatabaseUnavailable } from '../db/unavailable';

/**
 * PostgreSQL restarting or unreachable under a running app (docs/resilience.md): every request that
 * needs it is answered 503 with Retry-After, quickly, never a 500 and never a hang.
 */
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DEMO_MODE: 'false' });

async function appOn(port: number) {
  const database = fromPool(new pg.Pool(poolOptions(`postgres://postgres@127.0.0.1:${port}/medora`, 2)));
  const app = await buildApp({ config, database, jobs: { start: false } });
  return { app, close: async () => (await app.close(), await database.close()) };
}

describe('a database that is down', () => {
  // A port nothing listens on: connections are refused at once.
  let refused: Awaited<ReturnType<typeof appOn>>;
  beforeAll(async () => {
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as net.AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    refused = await appOn(port);
  });
  afterAll(() => refused.close());

  it('answers 503 with Retry-After and a plain message on a route that reads it', async () => {
    const res = await refused.app.inject({ url: '/api/doctors/search' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toMatchObject({
      message: 'The service is briefly unavailable. Please try again in a moment.',
      code: 'unavailable',
    });
  });

  it('answers 503 to a signed-in request too (the session lookup needs the database)', async () => {
    const res = await refused.app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: { cookie: 'medora_session=abc' },
      payload: {},
    });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
  });

  it('is not ready, yet alive', async () => {
    expect((await refused.app.inject({ url: '/api/health/ready' })).statusCode).toBe(503);
    expect((await refused.app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
  });
});

describe('a database that accepts connections and never answers', () => {
  // What a half-dead server or a dropped network path looks like: the TCP handshake succeeds, then silence.
  const sockets = new Set<net.Socket>();
  const silent = net.createServer((socket) => sockets.add(socket));
  let app: Awaited<ReturnType<typeof appOn>>;
  beforeAll(async () => {
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    app = await appOn((silent.address() as net.AddressInfo).port);
  });
  afterAll(async () => {
    await app.close();
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('gives up after the pool connection timeout and answers 503, not a hang', async () => {
    const started = Date.now();
    const res = await app.app.inject({ url: '/api/doctors/search' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    // Bounded by the pool's timeout, with room for a slow machine (not a timing assertion on speed).
    expect(Date.now() - started).toBeLessThan(POOL_TIMEOUTS.connectMs * 4);
  }, 20_000);
});

describe('telling an unavailable database from a bug', () => {
  it('recognises refused, cut and timed-out connections and a server shutting down, also when wrapped', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    const shutdown = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: shutdown }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('starting up'), { code: '57P03' }))).toBe(true);
  });

  it('leaves real faults alone: a constraint, a syntax error, a plain bug', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('syntax'), { code: '42601' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
  });
});
