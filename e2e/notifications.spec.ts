import { expect, test } from './fixtures';

test('the bell shows unread notifications and clicking one marks it read', async ({ page, loginAs }) => {
  await loginAs('patient');
  await page.goto('/');
  const bell = page.getByRole('button', { name: /^Notifications/ });
  const badge = page.getByTestId('unread-badge');
  await expect(badge).toBeVisible();
  // The badge and the bell's name cap at 9+ (other journeys add notifications): count from the list the bell reads.
  const unread = async () => {
    const list = (await (await page.request.get('/api/notifications')).json()) as { isRead: boolean }[];
    return list.filter((n) => !n.isRead).length;
  };
  const shown = (count: number) => (count > 9 ? '9+' : String(count));
  const before = await unread();
  expect(before).toBeGreaterThan(0);
  await expect(badge).toHaveText(shown(before));
  await expect(bell).toHaveAccessibleName(`Notifications, ${shown(before)} unread`);
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
  await expect(badge).toHaveText(shown(before - 1));
  await expect(item).toHaveAttribute('data-read', 'true');
  await expect(item.getByRole('button', { name: /^Mark ".*" as read$/ })).toHaveCount(0);
});
