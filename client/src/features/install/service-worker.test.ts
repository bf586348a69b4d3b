import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
// The worker as the build ships it (client/public is copied as it is).
import source from '../../../public/push-sw.js?raw';
import { keepOfflinePages, OFFLINE_CACHE, OFFLINE_VISIT_PAGE } from './offline-cache';

/** Cache Storage as the browser keeps it, counting who writes into it. */
function cacheStorage() {
  const stores = new Map<string, Map<string, Response>>();
  const writes: string[] = [];
  const open = async (name: string) => {
    const store = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, store);
    return {
      put: async (key: string, response: Response) => void (writes.push(key), store.set(key, response)),
      match: async (key: string) => store.get(key)?.clone(),
      delete: async (key: string) => store.delete(key),
    };
  };
  return { caches: { open }, stores, writes };
}

type FetchEvent = {
  request: { url: string; mode: string; method: string };
  respondWith: (answer: Promise<Response>) => void;
  waitUntil: (work: Promise<unknown>) => void;
};

/** Runs the worker's source with a fake `self`, Cache Storage and network. */
function startWorker(storage: ReturnType<typeof cacheStorage>, network: (url: string) => Promise<Response>) {
  const listeners: Record<string, (event: unknown) => void> = {};
  const worker = {
    addEventListener: (name: string, fn: (event: unknown) => void) => void (listeners[name] = fn),
    location: { origin: 'https://medora.example' },
    registration: {},
    clients: { claim: async () => {} },
    skipWaiting: async () => {},
  };
  const fetch = vi.fn((request: { url: string }) => network(request.url));
  new Function('self', 'URL', 'caches', 'fetch', 'Response', source)(worker, URL, storage.caches, fetch, Response);
  /** One request through the worker: its answer, or null when it let the browser handle it. */
  const request = async (path: string, mode = 'navigate', method = 'GET') => {
    let answer: Promise<Response> | null = null;
    const work: Promise<unknown>[] = [];
    const event: FetchEvent = {
      request: { url: new URL(path, worker.location.origin).href, mode, method },
      respondWith: (p) => void (answer = p),
      waitUntil: (p) => void work.push(p),
    };
    listeners.fetch(event);
    await Promise.all(work);
    return answer === null ? null : await (answer as Promise<Response>);
  };
  return { request, fetch };
}

const offline = () => Promise.reject(new TypeError('Failed to fetch'));
const VISIT = {
  html: '<p>Your next visit: Saturday with Dr. Ada Okafor.</p>',
  endsAt: '2026-11-21T09:00:00.000Z',
  owner: 'p-1',
};

let storage: ReturnType<typeof cacheStorage>;
beforeEach(() => {
  storage = cacheStorage();
  vi.stubGlobal('caches', storage.caches);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-20T12:00:00.000Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the service worker’s offline page', () => {
  it('lets a page load that reaches the network through as it came', async () => {
    const page = new Response('<html>live</html>', { status: 200 });
    const { request } = startWorker(storage, async () => page);
    expect(await (await request('/appointments'))!.text()).toBe('<html>live</html>');
  });

  it('answers a page load with no network with the page naming the next visit until that visit is over', async () => {
    await keepOfflinePages({ plain: '<p>You are offline.</p>', visit: VISIT, owner: 'p-1' });
    const { request } = startWorker(storage, offline);
    const during = await request('/doctors');
    expect(during!.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await during!.text()).toContain('Dr. Ada Okafor');
    vi.setSystemTime(new Date(VISIT.endsAt));
    expect(await (await request('/doctors'))!.text()).toBe('<p>You are offline.</p>');
  });

  it('gives the browser’s own error page when the app never wrote one', async () => {
    const { request } = startWorker(storage, offline);
    expect((await request('/'))!.type).toBe('error');
  });

  it('never handles API calls or a page’s files, and caches nothing itself', async () => {
    await keepOfflinePages({ plain: '<p>offline</p>', visit: VISIT, owner: 'p-1' });
    const written = storage.writes.length;
    const { request, fetch } = startWorker(storage, async () => new Response('{}'));
    expect(await request('/api/patient/appointments?when=upcoming', 'cors')).toBeNull();
    expect(await request('/api/auth/user', 'same-origin')).toBeNull();
    expect(await request('/assets/index.js', 'no-cors')).toBeNull();
    expect(await request('/api/documents/1/download')).toBeNull();
    expect(await request('/appointments', 'navigate', 'POST')).toBeNull();
    expect(await request('https://other.example/', 'navigate')).toBeNull();
    await request('/appointments');
    expect(fetch.mock.calls.map(([r]) => r.url)).toEqual(['https://medora.example/appointments']);
    expect(storage.writes.length).toBe(written);
    expect(source).not.toMatch(/\.put\(|\.add\(|addAll|importScripts/);
  });

  it('forgets the next visit when the person signs out, leaving the sign-out to the browser', async () => {
    await keepOfflinePages({ plain: '<p>offline</p>', visit: VISIT, owner: 'p-1' });
    const { request } = startWorker(storage, offline);
    expect(await request('/api/logout')).toBeNull();
    expect(storage.stores.get(OFFLINE_CACHE)?.has(OFFLINE_VISIT_PAGE)).toBe(false);
    expect(await (await request('/'))!.text()).toBe('<p>offline</p>');
  });
});

describe('the offline pages the app keeps', () => {
  const visitKept = () => storage.stores.get(OFFLINE_CACHE)?.has(OFFLINE_VISIT_PAGE);

  it('keeps the visit while the same patient is signed in and the list was not loaded again', async () => {
    await keepOfflinePages({ plain: 'a', visit: VISIT, owner: 'p-1' });
    await keepOfflinePages({ plain: 'b', visit: undefined, owner: 'p-1' });
    expect(visitKept()).toBe(true);
  });

  it('writes in the order it was asked, so an older write never removes a newer visit', async () => {
    // The visits arrive just after the first write started: its removal must not land after the visit.
    const first = keepOfflinePages({ plain: 'a', visit: undefined, owner: 'p-1' });
    const second = keepOfflinePages({ plain: 'b', visit: VISIT, owner: 'p-1' });
    await Promise.all([first, second]);
    expect(visitKept()).toBe(true);
  });

  it('drops it for another person, for nobody signed in, and when the patient has no visit ahead', async () => {
    for (const next of [
      { visit: undefined, owner: 'p-2' },
      { visit: undefined, owner: null },
      { visit: null, owner: 'p-1' },
    ]) {
      await keepOfflinePages({ plain: 'a', visit: VISIT, owner: 'p-1' });
      await keepOfflinePages({ plain: 'b', ...next });
      expect(visitKept(), JSON.stringify(next)).toBe(false);
    }
  });
});
