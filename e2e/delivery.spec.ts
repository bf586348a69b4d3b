import { expect, test } from './fixtures';

/** How the production server delivers: precompressed client files, compressed API replies, HEAD. */
test('client files arrive precompressed with Vary and the right caching', async ({ request }) => {
  // A page that starts empty names its entry as a module script (a drawn page, such as the home page
  // or Find Doctors, hands it to a loader: decisions 112 and 114).
  const html = await request.get('/about', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(html.status()).toBe(200);
  expect(html.headers()['content-encoding']).toBe('br');
  expect(html.headers()['vary']).toMatch(/accept-encoding/i);
  expect(html.headers()['cache-control']).toBe('no-cache');
  const page = await html.text();
  expect(page).toMatch(/<link rel="preload" href="\/assets\/inter-latin-wght-normal-[\w-]+\.woff2" as="font"/);

  const entry = /<script type="module" crossorigin src="(\/assets\/index-[\w-]+\.js)"/.exec(page)![1];
  for (const encoding of ['br', 'gzip']) {
    const res = await request.get(entry, { headers: { 'accept-encoding': encoding } });
    expect(res.status()).toBe(200);
    expect(res.headers()['content-encoding']).toBe(encoding);
    expect(res.headers()['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(res.headers()['vary']).toMatch(/accept-encoding/i);
    expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toContain('import');
  }
  const plain = await request.get(entry, { headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers()['content-encoding']).toBeUndefined();
});

test('the browser loads its Intl data while the entry downloads, from a file the CSP allows', async ({ page }) => {
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
  });
  const warm = page.waitForResponse((res) => /\/assets\/warm-intl-[\w-]+\.js$/.test(res.url()));
  await page.goto('/');
  const res = await warm;
  expect(res.status()).toBe(200);
  expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(await res.text()).toContain('new Intl.NumberFormat(document.documentElement.lang)');
  // Classic, so it never waits for the entry module; async where the page waits for the entry, and
  // before the paint where the page arrives drawn and the entry comes after it (decision 112).
  await expect(page.locator('head script[src^="/assets/warm-intl-"]:not([type])')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(blocked).toEqual([]);
});

test('API replies above 1 KB are compressed and keep Cache-Control: no-store', async ({ request }) => {
  const res = await request.get('/api/doctors/search', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(res.status()).toBe(200);
  expect(res.headers()['content-encoding']).toBe('br');
  expect(res.headers()['vary']).toMatch(/accept-encoding/i);
  expect(res.headers()['cache-control']).toBe('no-store');
  expect((await res.json()).length).toBeGreaterThan(0);
});

test('HEAD answers wherever GET does', async ({ request }) => {
  for (const url of ['/', '/find-doctors', '/no/such/page', '/favicon.svg', '/api/health', '/api/doctors/search']) {
    const get = await request.get(url);
    const head = await request.head(url);
    expect(head.status(), url).toBe(get.status());
    expect(head.headers()['content-type'], url).toBe(get.headers()['content-type']);
    expect(await head.body(), url).toHaveLength(0);
  }
});
