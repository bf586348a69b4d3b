// The one cache the app writes (decision 085): two ready-made offline pages the service worker
// (client/public/push-sw.js, which uses the same names) answers with when a page load fails.
export const OFFLINE_CACHE = 'medora-offline';
export const OFFLINE_PAGE = '/offline-page';
export const OFFLINE_VISIT_PAGE = '/offline-page/next-visit';

const page = (html: string, headers: Record<string, string> = {}) =>
  new Response(html, {
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });

export type OfflinePages = {
  /** The page without anything about the person; always written. */
  plain: string;
  /**
   * The page naming the next visit, for whom and until when it may be shown; null removes it;
   * undefined keeps what was written (the visits were not loaded this time) unless it was another person's.
   */
  visit: { html: string; endsAt: string; owner: string } | null | undefined;
  /** Who is signed in now (null for nobody). */
  owner: string | null;
};

// One write at a time: each is several cache operations, and an older write that removes the visit
// must not finish after a newer one that wrote it.
let queue: Promise<void> = Promise.resolve();

/** Writes the offline pages where the worker finds them; a browser without Cache Storage keeps none. */
export function keepOfflinePages(pages: OfflinePages): Promise<void> {
  const run = queue.then(() => write(pages));
  queue = run.catch(() => undefined);
  return run;
}

async function write({ plain, visit, owner }: OfflinePages): Promise<void> {
  if (typeof caches === 'undefined') return;
  const cache = await caches.open(OFFLINE_CACHE);
  await cache.put(OFFLINE_PAGE, page(plain));
  if (visit) {
    await cache.put(OFFLINE_VISIT_PAGE, page(visit.html, { 'x-visit-ends': visit.endsAt, 'x-visit-for': visit.owner }));
    return;
  }
  const kept = visit === undefined ? await cache.match(OFFLINE_VISIT_PAGE) : undefined;
  if (kept && owner !== null && kept.headers.get('x-visit-for') === owner) return;
  await cache.delete(OFFLINE_VISIT_PAGE);
}
