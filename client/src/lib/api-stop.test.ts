import { afterEach, beforeEach, expect, it, vi } from 'vitest';

// stopRequests() is for good (the page is leaving): each test gets the module afresh.
let api: typeof import('./api');
beforeEach(async () => {
  vi.resetModules();
  api = await import('./api');
});
afterEach(() => vi.unstubAllGlobals());

const settled = (p: Promise<unknown>) =>
  Promise.race([
    p.then(
      () => 'resolved',
      () => 'rejected',
    ),
    new Promise((r) => setTimeout(() => r('pending'), 50)),
  ]);

it('signing out aborts the requests still running, and they never settle', async () => {
  const signals: AbortSignal[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          signals.push(init.signal!);
          init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    ),
  );
  const read = api.apiGet('/api/doctor/earnings');
  const write = api.apiRequest('POST', '/api/appointments', { x: 1 });
  await Promise.resolve();
  api.stopRequests();
  expect(signals.map((s) => s.aborted)).toEqual([true, true]);
  expect(await settled(read)).toBe('pending');
  expect(await settled(write)).toBe('pending');
});

it('after signing out no request is sent', async () => {
  const fetch = vi.fn(async () => new Response('{}', { status: 401 }));
  vi.stubGlobal('fetch', fetch);
  api.stopRequests();
  expect(await settled(api.apiGet('/api/doctor/payouts/summary'))).toBe('pending');
  expect(await settled(api.apiSendForm('POST', '/api/care-documents', new FormData()))).toBe('pending');
  expect(fetch).not.toHaveBeenCalled();
});

it('before signing out, an aborted request from elsewhere still fails', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Promise.reject(new DOMException('aborted', 'AbortError'))),
  );
  expect(await settled(api.apiGet('/api/a'))).toBe('rejected');
});
