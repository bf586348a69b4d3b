import type { Page } from '@playwright/test';
import { canJoinVisit } from '../common/rules/join-window';
import type { Appointment } from '../common/schemas/appointments';
import { expect, test } from './fixtures';

/** Issue 27, item 2 (navigation that behaves) and item 6 (stale states), as a person meets them. */

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

async function signInWithDemoButton(page: Page, role: string, url = '/login') {
  await page.goto(url);
  await page.getByRole('button', { name: new RegExp(`${role}@example.com`) }).click();
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

test.describe('after signing in, each role lands where its work is', () => {
  for (const [role, path, title] of [
    ['doctor', '/dashboard', 'Doctor Dashboard · Medora'],
    ['admin', '/admin', 'Admin Dashboard · Medora'],
    ['patient', '/', 'Home · Medora'],
  ] as const) {
    test(`${role} → ${path}`, async ({ page }) => {
      // "Doctor Login" on the home page asks to come back to "/": that is no destination for a doctor.
      await signInWithDemoButton(page, role, '/login?returnTo=%2F');
      await expect(page).toHaveURL(new RegExp(`${path === '/' ? '/' : path}$`));
      await expect(page).toHaveTitle(title);
    });
  }

  test('a return path still wins', async ({ page }) => {
    await signInWithDemoButton(page, 'doctor', '/login?returnTo=%2Foutbreak');
    await expect(page).toHaveURL(/\/outbreak$/);
    await expect(page).toHaveTitle('Outbreak Monitor · Medora');
  });
});

test('a new page starts at the top and Back returns to where the last one was left', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' })).toBeAttached();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const left = await scrollY(page);
  expect(left).toBeGreaterThan(200);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveTitle('Privacy Policy · Medora');
  await expect.poll(() => scrollY(page)).toBe(0);
  await page.goBack();
  await expect(page).toHaveTitle('About · Medora');
  await expect.poll(() => scrollY(page)).toBe(left);
});

test('a wizard step starts at the top with focus on its heading', async ({ page, loginAs }) => {
  await loginAs('doctor');
  await page.goto('/profile-builder');
  await expect(page.getByRole('heading', { name: 'Basic Information' })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Education & Credentials' })).toBeFocused();
  await expect.poll(() => scrollY(page)).toBe(0);
});

test.describe('at 390 px the assistant button stays out of the way', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('it hides while a dialog or a date picker is open', async ({ page, loginAs, request }) => {
    await loginAs('patient');
    await page.goto('/about');
    const launcher = page.getByRole('button', { name: 'Open health assistant' });
    await expect(launcher).toBeVisible();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await expect(launcher).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(launcher).toBeVisible();

    const [doctor] = (await (await request.get('/api/doctors/search')).json()) as { id: string }[];
    await page.goto(`/book-appointment?doctorId=${doctor.id}`);
    await page.getByLabel('Date', { exact: true }).focus();
    await expect(launcher).toBeHidden();
    await page.getByLabel('Reason for visit').focus();
    await expect(launcher).toBeVisible();
  });
});

test('a tab bar that does not fit shows that it scrolls', async ({ page, loginAs }) => {
  await loginAs('admin');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin');
  const tabs = page.getByRole('tablist', { name: 'Admin sections' });
  await expect(tabs).toBeVisible();
  await expect(page.getByTestId('scroll-after').first()).toBeVisible();
  // Keyboard: the arrow keys reach the last tab, which scrolls into view. A tab list drawn again
  // while the page finishes loading drops the focus (seen once in CI): focus and press again.
  await expect(async () => {
    await tabs.getByRole('tab').first().focus();
    await page.keyboard.press('End');
    await expect(tabs.getByRole('tab').last()).toBeFocused({ timeout: 2_000 });
  }).toPass();
  await expect(tabs.getByRole('tab').last()).toBeInViewport();
  await expect(page.getByTestId('scroll-before').first()).toBeVisible();
});

test('My Appointments offers Join exactly for the visits inside their join window', async ({ page, loginAs }) => {
  await loginAs('patient');
  const list = (await (await page.request.get('/api/appointments/patient')).json()) as Appointment[];
  const now = new Date();
  const joinable = list.filter((a) => canJoinVisit(a, now) && a.consultationType === 'video');
  const over = list.filter(
    (a) => ['confirmed', 'scheduled'].includes(a.status) && Date.parse(a.startsAt) < now.getTime() - 60 * 60_000,
  );
  // The demo data has a visit under way (the demo consultation) and paid visits long past.
  expect(joinable.length).toBeGreaterThan(0);
  await page.goto('/appointments');
  await expect(page.getByRole('heading', { name: 'My Appointments' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Join Video Call' })).toHaveCount(joinable.length);
  for (const a of over) {
    const card = page.getByTestId('appointment-card').filter({ hasText: a.reasonForVisit });
    await expect(card.getByRole('link', { name: /Join/ })).toHaveCount(0);
  }
});
