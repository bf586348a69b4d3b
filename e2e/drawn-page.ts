import type { Page } from '@playwright/test';

/**
 * A page the server sends drawn (decisions 112, 114), opened with the app's entry script held back;
 * the answer lets it through. The drawn `h1` is remembered, so `takenOver` can tell a page the app
 * hydrated (the same element) from one it drew again.
 */
export async function openWithEntryHeld(page: Page, path: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(path);
  return release;
}

export async function rememberDrawnHeading(page: Page): Promise<void> {
  await page.evaluate(() => Object.assign(window, { drawnHeading: document.querySelector('h1') }));
}

/** Once the app runs: whether the drawn heading was kept, and when the page painted and the entry was fetched. */
export async function takenOver(page: Page) {
  return page.evaluate(() => ({
    kept: document.querySelector('h1') === (window as unknown as { drawnHeading: Element }).drawnHeading,
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    entry: performance.getEntriesByType('resource').find((e) => /\/assets\/index-[\w-]+\.js$/.test(e.name))?.startTime,
  }));
}
