import { expect, test } from './fixtures';

test('the bell shows unread notifications and clicking one marks it read', async ({ page, loginAs }) => {
  await loginAs('patient');
  await page.goto('/');
  const bell = page.getByRole('button', { name: /^Notifications/ });
  const badge = page.getByTestId('unread-badge');
  await expect(badge).toBeVisible();
  const before = Number(await badge.innerText());
  expect(before).toBeGreaterThan(0);
  await bell.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  const firstUnread = dialog.locator('li[data-read="false"]').first();
  const title = await firstUnread.locator('span.text-sm').first().innerText();
  await dialog.getByRole('button', { name: `Mark "${title}" as read` }).click();
  await expect(badge).toHaveText(String(before - 1));
  await expect(dialog.getByRole('button', { name: `Mark "${title}" as read` })).toHaveCount(0);
});
