/* global self, URL, caches, fetch, Response */
// Medora's one service worker (decisions 084 and 085): it shows push notifications, and when a page
// cannot be loaded because the network is gone it answers with the offline page the app last wrote
// into the `medora-offline` cache. It caches nothing itself: no API reply, page or asset passes
// into a cache here, and requests other than page loads do not even reach it.
const OFFLINE_CACHE = 'medora-offline';
const OFFLINE_PAGE = '/offline-page';
const OFFLINE_VISIT_PAGE = '/offline-page/next-visit';
const VISIT_ENDS = 'x-visit-ends';

self.addEventListener('install', (event) => {
  // Sub-resources and API calls go straight to the network, the worker not woken for them
  // (Chromium's static routing; elsewhere the fetch handler below lets them pass untouched).
  const routes = event.addRoutes?.([{ condition: { not: { requestMode: 'navigate' } }, source: 'network' }]);
  event.waitUntil(
    Promise.resolve(routes)
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** The page with the next visit while that visit is still ahead or under way, else the plain one. */
async function offlinePage() {
  const cache = await caches.open(OFFLINE_CACHE);
  const visit = await cache.match(OFFLINE_VISIT_PAGE);
  const ends = Date.parse(visit?.headers.get(VISIT_ENDS) ?? '');
  if (visit && ends > Date.now()) return visit;
  return (await cache.match(OFFLINE_PAGE)) ?? Response.error();
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.mode !== 'navigate' || request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/')) {
    // Signing out forgets the visit at once; the reply itself is the browser's, never touched here.
    if (url.pathname === '/api/logout') {
      event.waitUntil(caches.open(OFFLINE_CACHE).then((cache) => cache.delete(OFFLINE_VISIT_PAGE)));
    }
    return;
  }
  event.respondWith(fetch(request).catch(() => offlinePage()));
});

self.addEventListener('push', (event) => {
  let data = null;
  try {
    data = event.data ? event.data.json() : null;
  } catch {
    data = null;
  }
  if (!data || typeof data.title !== 'string') return;
  event.waitUntil(
    self.registration.showNotification(data.title, {
      body: typeof data.body === 'string' ? data.body : '',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      icon: '/favicon.svg',
      data: { url: typeof data.url === 'string' ? data.url : '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? '/', self.location.origin);
  // Only this site's own pages: a tap never leads elsewhere.
  if (url.origin !== self.location.origin) return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === url.origin);
      if (open) return open.focus().then((w) => w.navigate(url.href));
      return self.clients.openWindow(url.href);
    }),
  );
});
