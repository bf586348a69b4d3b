import { expect, test } from './fixtures';

test('the bell shows unread notifications and clicking one marks it read', async ({ page, loginAs }) => {
  await loginAs('patient');
  await page.goto('/');
  const bell = page.getByRole('button', { name: /^Notifications/ });
  const badge = page.getByTestId('unread-badge');
  await expect(badge).toBeVisible();
  // The badge caps at 9+; the bell's accessible name carries the exact count.
  const unread = async () => Number(/(\d+) unread/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1] ?? 0);
  const before = await unread();
  expect(before).toBeGreaterThan(0);
  await bell.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  // Other journeys add notifications with the same titles, so follow one list item by position.
  const items = dialog.locator('li');
  const index = (await items.evaluateAll((lis) => lis.map((li) => li.getAttribute('data-read')))).indexOf('false');
  expect(index).toBeGreaterThanOrEqual(0);
  const item = items.nth(index);
  await item.getByRole('button', { name: /^Mark ".*" as read$/ }).click();
  await expect.poll(unread).toBe(before - 1);
  await expect(badge).toHaveText(before - 1 > 9 ? '9+' : String(before - 1));
  await expect(item).toHaveAttribute('data-read', 'true');
  await expect(item.getByRole('button', { name: /^Mark ".*" as read$/ })).toHaveCount(0);
});
