import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';

type Appointment = {
  status: string;
  startsAt: string;
  durationMinutes?: number;
  reasonForVisit: string;
  doctor: { user: { firstName: string; lastName: string } };
};

/** A PNG's width and height, from its IHDR chunk. */
const pngSize = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)];

/** The manifest, each icon at its stated size, and the CSP unchanged ('self'). */
async function checkManifest(request: APIRequestContext) {
  const res = await request.get('/manifest.webmanifest');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  expect(res.headers()['content-security-policy']).toContain("default-src 'self'");
  const manifest = await res.json();
  expect(manifest).toMatchObject({
    name: 'Medora',
    short_name: 'Medora',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#0e7490',
    background_color: '#f8fafc',
  });
  const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
  expect(icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const icon of icons) {
    const png = await request.get(icon.src);
    expect(png.headers()['content-type']).toBe('image/png');
    expect(pngSize(await png.body()).join('x')).toBe(icon.sizes);
  }
}

test('the app installs, and with the network gone a page load shows the next visit and nothing private', async ({
  page,
  context,
  loginAs,
}) => {
  await checkManifest(page.request);
  await loginAs('patient');
  const visits = (await (await page.request.get('/api/appointments/patient')).json()) as Appointment[];
  const now = Date.now();
  const next = visits
    .filter((a) => ['confirmed', 'scheduled'].includes(a.status))
    .filter((a) => Date.parse(a.startsAt) + (a.durationMinutes ?? 30) * 60_000 > now)
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))[0];
  expect(next, 'the demo patient has a paid visit ahead').toBeTruthy();

  await page.goto('/appointments');
  await expect(page.getByRole('heading', { name: 'My Appointments' })).toBeVisible();
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  // One worker, the push one, registered by every visit once the page has settled.
  const worker = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
  expect(new URL(worker!).pathname).toBe('/push-sw.js');
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(1);
  // Chromium's own installability check, the one Lighthouse's PWA audit reported. A Playwright
  // context is off the record, which Chromium names as a reason of its own; every other must be absent.
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);

  // The app writes the offline page once its visits are loaded and the browser is idle.
  const kept = () =>
    page.evaluate(async () => {
      const cache = await caches.open('medora-offline');
      const pages = await Promise.all(['/offline-page', '/offline-page/next-visit'].map((k) => cache.match(k)));
      return Promise.all(pages.map((p) => p?.text() ?? ''));
    });
  await expect.poll(async () => (await kept())[1]).toContain(`Dr. ${next.doctor.user.firstName}`);
  for (const html of await kept()) {
    for (const visit of visits) expect(html).not.toContain(visit.reasonForVisit);
  }

  // From a blank page, so the app's own calls are not cut halfway and logged.
  await page.goto('about:blank');
  await context.setOffline(true);
  await page.goto('/doctors');
  await expect(page.getByRole('heading', { name: "You're offline." })).toBeVisible();
  await expect(page.getByText(/^Your next visit: .+ with Dr\. /)).toContainText(
    `Dr. ${next.doctor.user.firstName} ${next.doctor.user.lastName}.`,
  );

  await context.setOffline(false);
  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: "You're offline." })).toBeHidden();
  await expect(page).toHaveURL(/\/doctors$/);
});
