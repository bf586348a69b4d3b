import type { Page, Request } from '@playwright/test';

/**
 * Waits until the page has had no request in flight for `quietMs`. Playwright's 'networkidle'
 * waits 500 ms of silence after every load; the audits open some 180 screens, and those waits were
 * a quarter of their time. Callers wait once after loading and again once the screen shows its
 * heading, so what a screen fetches after drawing is waited for too. The consultation socket is a
 * WebSocket, not a request, so it never holds this open.
 */
export function settleTracker(page: Page, quietMs = 150) {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  const done = (request: Request) => {
    inFlight.delete(request);
    lastChange = Date.now();
  };
  page.on('request', (request) => {
    inFlight.add(request);
    lastChange = Date.now();
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return async function settled(timeoutMs = 15_000) {
    const deadline = Date.now() + timeoutMs;
    while (inFlight.size > 0 || Date.now() - lastChange < quietMs) {
      if (Date.now() > deadline)
        throw new Error(`still loading after ${timeoutMs} ms: ${[...inFlight].map((r) => r.url()).join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
}
