import { dateInDays } from './clock';
import { expect, test, verifyThroughDemoInbox } from './fixtures';

// A person in Berlin: the browser says so, and every screen names Berlin time from the first visit.
test.use({ timezoneId: 'Europe/Berlin' });

test('sign-up keeps the browser zone; /profile and the booking screen name it; it can be changed', async ({ page }) => {
  await page.goto('/login?mode=register');
  await page.getByLabel('First name').fill('Lena');
  await page.getByLabel('Last name').fill('Vogel');
  await page.getByLabel('Email').fill(`lena-${Date.now()}@example.com`);
  await page.getByLabel('Password').fill('a strong password');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await verifyThroughDemoInbox(page.request);

  await page.goto('/profile');
  const zone = page.getByLabel('Your time zone');
  await expect(zone).toHaveValue('Europe/Berlin');
  await expect(page.getByText(/show times in Berlin time \(UTC\+[12]\)/)).toBeVisible();

  const [doctor] = await (await page.request.get('/api/doctors/search')).json();
  await page.goto(`/book-appointment?doctorId=${doctor.id}`);
  await page.getByLabel('Date').fill(dateInDays(3));
  await expect(page.getByText(/Times are shown in your time zone, Berlin time \(UTC\+[12]\)/)).toBeVisible();

  await page.goto('/profile');
  await page.getByLabel('Search by city or region').fill('new york');
  await zone.selectOption('America/New_York');
  await page.getByRole('button', { name: 'Save time zone' }).click();
  await expect(page.getByText('Time Zone Saved', { exact: true })).toBeVisible();
  await expect(page.getByText(/show times in New York time \(UTC−[45]\)/)).toBeVisible();
  const me = await (await page.request.get('/api/auth/user')).json();
  expect(me.timeZone).toBe('America/New_York');
});

test('an account without a zone takes the browser one at its first visit', async ({ page, signUpPatient }) => {
  await signUpPatient();
  expect((await (await page.request.get('/api/auth/user')).json()).timeZone).toBeNull();
  await page.goto('/');
  await expect
    .poll(async () => (await (await page.request.get('/api/auth/user')).json()).timeZone)
    .toBe('Europe/Berlin');
});
