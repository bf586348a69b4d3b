import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet, apiRequest, newIdempotencyKey, NETWORK_ATTEMPTS } from './api';

/** What the server saw: each call's method and Idempotency-Key. */
function fakeFetch(...answers: (Response | Error)[]) {
  const calls: { method: string; key: string | null }[] = [];
  const fetch = vi.fn(async (_url: string, init: RequestInit) => {
    calls.push({ method: init.method ?? 'GET', key: new Headers(init.headers).get('idempotency-key') });
    const next = answers.length > 1 ? answers.shift()! : answers[0];
    if (next instanceof Error) throw next;
    return next.clone();
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

afterEach(() => vi.unstubAllGlobals());

describe('writes carry an Idempotency-Key', () => {
  it('a fresh key with every write, none on reads', async () => {
    const calls = fakeFetch(json(200, { ok: true }));
    await apiRequest('POST', '/api/a', { x: 1 });
    await apiRequest('PATCH', '/api/a', { x: 1 });
    await apiRequest('DELETE', '/api/a');
    await apiGet('/api/a');
    const keys = calls.slice(0, 3).map((c) => c.key);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(3);
    expect(calls[3]).toEqual({ method: 'GET', key: null });
  });

  it('a network failure is retried with the same key, and the answer comes back', async () => {
    const calls = fakeFetch(
      new TypeError('Failed to fetch'),
      json(200, { credited: 1 }, { 'idempotent-replayed': 'true' }),
    );
    await expect(apiRequest('POST', '/api/admin/users/u/wallet-credits', { amount: 1 })).resolves.toEqual({
      credited: 1,
    });
    expect(calls).toHaveLength(2);
    expect(calls[1].key).toBe(calls[0].key);
  });

  it('retries are bounded: the network failure reaches the caller at last', async () => {
    const calls = fakeFetch(new TypeError('Failed to fetch'));
    await expect(apiRequest('POST', '/api/a', {})).rejects.toThrow('Failed to fetch');
    expect(calls).toHaveLength(NETWORK_ATTEMPTS);
    expect(new Set(calls.map((c) => c.key)).size).toBe(1);
  });

  it('a read that meets a network failure is asked again too, without a key', async () => {
    const calls = fakeFetch(new TypeError('Failed to fetch'), json(200, { ok: 1 }));
    await expect(apiGet('/api/a')).resolves.toEqual({ ok: 1 });
    expect(calls).toEqual([
      { method: 'GET', key: null },
      { method: 'GET', key: null },
    ]);
  });

  it('an HTTP error is an answer, not retried', async () => {
    for (const status of [409, 422, 500]) {
      const calls = fakeFetch(json(status, { message: 'No', code: 'conflict' }));
      await expect(apiRequest('POST', '/api/a', {})).rejects.toBeInstanceOf(ApiError);
      expect(calls).toHaveLength(1);
    }
  });

  it('a 409 saying the first is still running is asked again with the same key after Retry-After', async () => {
    const calls = fakeFetch(
      json(409, { message: 'Still running', code: 'idempotency_key_in_progress' }, { 'retry-after': '0' }),
      json(201, { id: 'one' }, { 'idempotent-replayed': 'true' }),
    );
    await expect(apiRequest('POST', '/api/a', {})).resolves.toEqual({ id: 'one' });
    expect(calls).toHaveLength(2);
    expect(calls[1].key).toBe(calls[0].key);
  });

  it('a caller may pin the key, e.g. one per form', async () => {
    const calls = fakeFetch(json(200, {}));
    await apiRequest('POST', '/api/a', {}, { idempotencyKey: 'form-1234-abcd' });
    expect(calls[0].key).toBe('form-1234-abcd');
  });
});

describe('newIdempotencyKey', () => {
  it('is a version-4 UUID even where crypto.randomUUID is missing (plain http)', () => {
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const keys = [newIdempotencyKey(), newIdempotencyKey()];
      for (const key of keys)
        expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(keys[0]).not.toBe(keys[1]);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});
