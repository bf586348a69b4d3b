import { expect, test } from './fixtures';

/**
 * The API docs page runs under the app's own Content-Security-Policy ('self' scripts only): every
 * script is a file from the package, so the page must render with no violation and no error.
 */
test('the API docs page lists the operations within the CSP', async ({ page }, testInfo) => {
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { reportViolation: (t: string) => void }).reportViolation(
        `${e.violatedDirective} ${e.blockedURI}`,
      ),
    );
  });
  const consoleLines: string[] = [];
  page.on('console', (msg) => consoleLines.push(`${msg.type()}: ${msg.text()}`));

  const res = await page.goto('/api/docs/');
  expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
  // The viewer parses a large bundle and the whole description before it draws anything.
  await expect(page.getByRole('heading', { name: /Medora API/ })).toBeVisible({ timeout: 30_000 });
  // Every area is a collapsed tag; opening one lists its operations.
  const tags = page.locator('.opblock-tag');
  await expect(tags.filter({ hasText: 'Appointments' })).toBeVisible();
  expect(await tags.count()).toBeGreaterThan(20);
  await tags.filter({ hasText: /^Appointments/ }).click();
  const operations = page.locator('.opblock-summary-path');
  await expect(operations.first()).toBeVisible();
  expect(await operations.count()).toBeGreaterThan(10);
  await page.screenshot({ path: testInfo.outputPath('api-docs-top.png') });

  // One operation opened: its summary, access line and refusals are there to read.
  const book = page.locator('.opblock-post', { has: page.locator('[data-path="/api/appointments"]') });
  await book.locator('.opblock-summary').click();
  await expect(book.getByText('Access: any signed-in user.')).toBeVisible();
  await expect(book.locator('.response[data-code="409"]')).toBeVisible();

  await page.screenshot({ path: testInfo.outputPath('api-docs-operation.png') });
  expect(violations).toEqual([]);
  expect(consoleLines.filter((line) => /Content Security Policy|Refused to/i.test(line))).toEqual([]);
});
