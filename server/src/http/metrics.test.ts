import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestContext } from '../test-support/test-app';
import { jobs } from '../db/schema';
import { createMetrics } from './metrics';

const TOKEN = 'a-long-enough-metrics-token';

describe('GET /metrics', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_ALLOW: '127.0.0.1,10.9.0.0/16', METRICS_TOKEN: TOKEN });
  });
  afterAll(() => t.close());

  const scrape = (remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url: '/metrics', remoteAddress, headers });

  it('answers allowed addresses in Prometheus text format', async () => {
    for (const address of ['127.0.0.1', '::ffff:127.0.0.1', '10.9.44.2']) {
      const res = await scrape(address);
      expect(res.statusCode, address).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    }
  });

  it('answers anyone else 404 unless they show the token', async () => {
    const denied = await scrape('203.0.113.5');
    expect(denied.statusCode).toBe(404);
    expect(denied.json()).toEqual({ message: 'Not found.', code: 'not_found' });
    expect((await scrape('203.0.113.5', { authorization: 'Bearer wrong-token-of-some-length' })).statusCode).toBe(404);
    expect((await scrape('203.0.113.5', { authorization: `Bearer ${TOKEN}` })).statusCode).toBe(200);
  });

  it('times requests by route pattern, never by raw URL', async () => {
    const { cookie } = await signedInUser(t.db);
    const id = '7f1c7c5e-2d1b-4b5e-9d7a-0c1e2f3a4b5c';
    await t.app.inject({ url: `/api/appointments/${id}`, headers: { cookie } });
    const body = (await scrape('127.0.0.1')).body;
    expect(body).toContain(
      'medora_http_request_duration_seconds_count{method="GET",route="/api/appointments/:id",status_code="404"} 1',
    );
    expect(body).not.toContain(id);
  });

  it('reports the pool, open sockets, chat messages and the jobs in the queue', async () => {
    const runAt = new Date('2030-01-01T00:00:00Z');
    await t.db
      .insert(jobs)
      .values(Array.from({ length: 3 }, () => ({ kind: 'email' as const, payload: {}, runAt, maxAttempts: 5 })));
    const body = (await scrape('127.0.0.1')).body;
    expect(body).toMatch(/medora_db_pool_connections\{state="total"\} \d+/);
    expect(body).toMatch(/medora_db_pool_connections\{state="waiting"\} 0/);
    expect(body).toContain('medora_websocket_open_sockets 0');
    expect(body).toContain('medora_chat_messages_sent_total 0');
    expect(body).toContain('medora_jobs{state="queued"} 3');
    expect(body).toContain('medora_jobs{state="dead"} 0');
  });
});

describe('metrics registries', () => {
  it('are one per app, so two apps in one process do not clash', async () => {
    const sources = { database: { pool: undefined } as never, openSockets: () => 2 };
    const a = createMetrics(sources, { processMetrics: false });
    const b = createMetrics(sources, { processMetrics: false });
    a.chatMessagesSent.inc();
    expect(await a.registry.getSingleMetricAsString('medora_chat_messages_sent_total')).toMatch(/ 1$/);
    expect(await b.registry.getSingleMetricAsString('medora_chat_messages_sent_total')).toMatch(/ 0$/);
  });
});
