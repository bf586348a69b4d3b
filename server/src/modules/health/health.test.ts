import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../../app';
import { fromPglite } from '../../db/client';
import { createTestApp, type TestContext } from '../../test-support/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health and plumbing', () => {
  it('reports the database as up', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'up' });
  });

  it('reports 503 when the database is unreachable', async () => {
    // A database that goes away under a running app: an embedded one, closed after start-up.
    const client = new PGlite();
    await client.waitReady;
    const app = await buildApp({ config: t.config, database: fromPglite(client) });
    await client.close();
    const res = await app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json().database).toBe('down');
    // Not ready, but alive: an orchestrator stops sending traffic rather than restarting the process.
    const ready = await app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'not_ready', database: 'down' });
    expect((await app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
    await app.close();
  });

  it('sends security headers with a self-only content security policy and a request id', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/https?:/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.app.inject({ url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found.', code: 'not_found' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('tells the browser whether demo mode is on', async () => {
    const res = await t.app.inject({ url: '/api/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      demoMode: false,
      demoAccounts: [],
      operator: { legalName: '', address: '', email: '', phone: '' },
    });
  });
});

describe('liveness and readiness', () => {
  it('is live and ready on a migrated database', async () => {
    const live = await t.app.inject({ url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toMatchObject({ status: 'ok' });
    const ready = await t.app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'up', migrations: 'done' });
  });

  it('is live but not ready while the database has not been migrated', async () => {
    const client = new PGlite();
    await client.waitReady;
    const app = await buildApp({ config: t.config, database: fromPglite(client) });
    try {
      expect((await app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
      const ready = await app.inject({ url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'not_ready', database: 'up', migrations: 'pending' });
    } finally {
      await app.close();
      await client.close();
    }
  });
});
