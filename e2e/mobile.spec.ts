import { expect, test } from './fixtures';

test.use({ viewport: { width: 390, height: 844 } });

test('the mobile drawer repeats the links and shows the name and user type', async ({ page, loginAs }) => {
  await loginAs('doctor');
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer.getByTestId('drawer-user')).toContainText('Daniel Okafor');
  await expect(drawer.getByTestId('drawer-user')).toContainText('Doctor');
  await expect(drawer.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Patient Visits', exact: true })).toHaveAttribute(
    'href',
    '/doctor/appointments',
  );
  await drawer.getByRole('link', { name: 'My Appointments' }).click();
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(/\/appointments$/);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
});

test('a visitor gets login buttons in the drawer', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer.getByRole('button', { name: 'Patient Login' })).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Refer & Earn' })).toBeVisible();
});
