import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';

/** Template leftovers a real privacy policy must never show: placeholders and 555 phone numbers. */
const PLACEHOLDERS = /\[Street address\]|\[City|\[Country\]|\(555\)|\+1 555|555-01\d\d/;

function builtFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return builtFiles(full);
    return /\.(js|html|css)$/.test(entry.name) ? [full] : [];
  });
}

test('the built client carries no template placeholders or 555 numbers', () => {
  const files = builtFiles(path.resolve('dist/client'));
  expect(files.length).toBeGreaterThan(0);
  const found = files.filter((file) => PLACEHOLDERS.test(fs.readFileSync(file, 'utf8')));
  expect(found).toEqual([]);
});

test('the privacy policy names the operator from configuration, "Demo operator" in demo mode', async ({ page }) => {
  await page.goto('/privacy-policy');
  const contact = page.locator('#contact-us');
  await expect(contact.getByText('Demo operator')).toBeVisible();
  await expect(contact.getByText(/demonstration server with no real operator/)).toBeVisible();
  expect(await page.locator('main').innerText()).not.toMatch(PLACEHOLDERS);
});

test('find-doctors offers the specialties and countries of listed doctors, with counts', async ({ page }) => {
  await page.goto('/find-doctors');
  const specialty = page.getByLabel('Specialty');
  // Counts come from the directory: every option but "All" reads "Name (n)" with n ≥ 1.
  await expect(specialty.locator('option').nth(1)).toHaveText(/^.+ \(\d+\)$/);
  const specialties = await specialty.locator('option').allInnerTexts();
  expect(specialties[0]).toBe('All Specialties');
  for (const label of specialties.slice(1)) expect(Number(/\((\d+)\)$/.exec(label)![1])).toBeGreaterThan(0);
  const countries = await page.getByLabel('Country').locator('option').allInnerTexts();
  expect(countries.length).toBeGreaterThan(50);

  // Picking one shows as many doctors as it counted (the demo has fewer than a page of each).
  const option = specialties[1];
  const count = Number(/\((\d+)\)$/.exec(option)![1]);
  await specialty.selectOption({ label: option });
  await expect(page.getByTestId('doctor-card')).toHaveCount(Math.min(count, 12));
});

test("a doctor's page lets a visitor read as many reviews as it counts", async ({ page }) => {
  await page.goto('/find-doctors?sort=reviews');
  const top = page.getByTestId('doctor-card').first();
  const name = (await top.getByRole('heading').innerText()).trim();
  await top.getByRole('link', { name, exact: true }).click();
  const countText = page.getByText(/\(\d+ reviews\)/);
  await expect(countText).toBeVisible();
  const counted = Number(/\((\d+) reviews\)/.exec(await countText.innerText())![1]);
  expect(counted).toBeGreaterThan(10);
  await expect(page.getByText(`10 of ${counted} reviews`)).toBeVisible();
  for (let shown = 10; shown < counted; ) {
    await page.getByRole('button', { name: 'Show more reviews' }).click();
    shown = Math.min(counted, shown + 10);
    await expect(page.getByText(`${shown} of ${counted} reviews`)).toBeVisible();
  }
  await expect(page.getByRole('button', { name: 'Show more reviews' })).toHaveCount(0);
  await expect(page.locator('main li', { has: page.getByRole('img', { name: /out of 5 stars/ }) })).toHaveCount(
    counted,
  );
});

test('the bell labels only urgent notifications and marks all as read', async ({ page, loginAs }) => {
  await loginAs('patient');
  await page.goto('/');
  await page.getByRole('button', { name: /^Notifications/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: /Notifications/ })).toBeVisible();
  // No lowercase priority words on every row.
  await expect(dialog.getByText(/^(high|medium|low|urgent)$/)).toHaveCount(0);
  await expect(dialog.getByText('Urgent', { exact: true }).first()).toBeVisible();
});

test('an administrator deactivates only after confirming, with labelled switches', async ({ page, loginAs }) => {
  await loginAs('admin');
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Doctors' }).click();
  const first = page.getByRole('switch', { name: / active$/ }).first();
  await expect(first).toHaveAttribute('aria-checked', 'true');
  await expect(first.locator('xpath=..')).toContainText('Active');
  await first.click();
  const dialog = page.getByRole('dialog', { name: /^Deactivate Dr\. / });
  await expect(dialog).toContainText('leaves the directory');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(first).toHaveAttribute('aria-checked', 'true');
});

test('mark all as read clears the bell', async ({ page, loginAs }) => {
  // The doctor's bell, so the patient journeys keep their unread notifications.
  await loginAs('doctor');
  await page.goto('/dashboard');
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName(/unread/);
  await bell.click();
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect(page.getByTestId('unread-badge')).toHaveCount(0);
});
