import type { APIRequestContext } from '@playwright/test';
import { whenForTests } from '../common/i18n/when-for-tests';
import { DEMO_ACCOUNTS } from '../common/schemas/meta';
import { expect, test } from './fixtures';
import { zoneEarlyInItsDay } from './clock';

const en = whenForTests('en');
const patient = DEMO_ACCOUNTS.find((a) => a.userType === 'patient')!;

/** The demo doctor (Dr. Okafor, New York) is the doctor of the demo patient's seeded appointments. */
async function demoDoctorId(request: APIRequestContext): Promise<string> {
  expect((await request.post('/api/auth/login', { data: patient })).status()).toBe(200);
  const res = await request.get('/api/appointments/patient');
  expect(res.status()).toBe(200);
  const id = (await res.json())[0].doctorId as string;
  return id;
}

const minutesOf = (clock: string) => {
  const [, h, m, pm] = /(\d+):(\d+) (AM|PM)$/.exec(clock)!;
  return (Number(h) % 12) * 60 + Number(m) + (pm === 'PM' ? 720 : 0);
};

test("a visitor picks a free slot on a doctor's page, signs in, books it and pays", async ({ page, request }) => {
  const doctorId = await demoDoctorId(request);
  await page.goto(`/doctors/${doctorId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Dr. Daniel Okafor' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Available times' })).toBeVisible();
  await expect(
    page.getByText(/The next 7 days, in your time zone, UTC.*Dr\. Okafor works in New York time \(UTC−[45]\)/),
  ).toBeVisible();

  // The first free slot: its instant travels in the link, and its label is the visitor's clock.
  const slots = page.getByRole('list', { name: 'Free slots by day' }).getByRole('link', { name: /^Book / });
  await expect(slots.first()).toBeVisible();
  const slot = slots.first();
  const start = new URL((await slot.getAttribute('href'))!, page.url()).searchParams.get('start')!;
  const day = en.shortDate(start, 'UTC', new Date());
  await expect(slot).toHaveAccessibleName(`Book ${day} at ${en.slotTime(start, 'UTC')}`);
  await slot.focus();
  await page.keyboard.press('Enter');

  // Signed out: sign in through the form, then straight back to that booking link.
  await expect(page.getByRole('heading', { name: 'Sign in to book your visit' })).toBeVisible();
  await page.getByLabel('Email').fill(patient.email);
  await page.getByLabel('Password').fill(patient.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/book-appointment\?doctorId=.*&date=\d{4}-\d{2}-\d{2}&start=/);
  expect(new URL(page.url()).searchParams.get('start')).toBe(start);

  // The slot is chosen on its day.
  await expect(page.getByRole('heading', { name: 'Book Appointment' })).toBeVisible();
  const chosen = page.getByRole('radiogroup', { name: 'Available times' }).getByRole('radio', { checked: true });
  await expect(chosen).toHaveCount(1);
  await expect(chosen).toContainText(en.slotTime(start, 'UTC'));
  const reason = `Follow-up on blood pressure ${Date.now()}`;
  await page.getByLabel('Reason for visit').fill(reason);
  await page.getByRole('button', { name: 'Review Booking' }).click();
  await page.getByRole('button', { name: 'Book Appointment' }).click();
  await expect(page.getByRole('heading', { name: 'Complete Payment' })).toBeVisible();

  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('1234');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Postcode').fill('10001');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByText('Payment Successful', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/appointments$/);
  const card = page.getByTestId('appointment-card').filter({ hasText: reason });
  await expect(card).toContainText(en.when(start, 'UTC', 'America/New_York'));
  await expect(card.getByText('Confirmed', { exact: true })).toBeVisible();

  // The slot is taken now: the doctor's page no longer offers it.
  await page.goto(`/doctors/${doctorId}`);
  await expect(slots.first()).toBeVisible();
  await expect(page.locator(`a[href*="start=${encodeURIComponent(start)}"]`)).toHaveCount(0);
});

test('a booking link to a slot that was taken meanwhile says so and lets the patient pick another', async ({
  page,
  loginAs,
}) => {
  await loginAs('patient');
  const mine = await (await page.request.get('/api/appointments/patient')).json();
  const taken = mine.find(
    (a: { status: string; startsAt: string }) => a.status === 'confirmed' && Date.parse(a.startsAt) > Date.now(),
  );
  const date = taken.startsAt.slice(0, 10);
  await page.goto(
    `/book-appointment?doctorId=${taken.doctorId}&date=${date}&start=${encodeURIComponent(taken.startsAt)}`,
  );
  await expect(page.getByRole('alert')).toHaveText(
    `The ${en.slotTime(taken.startsAt, 'UTC')} slot you chose is no longer free. Please pick another time.`,
  );
  await expect(page.getByLabel('Date')).toHaveValue(date);
  const times = page.getByRole('radiogroup', { name: 'Available times' });
  await expect(times.getByRole('radio', { checked: true })).toHaveCount(0);
  await times.locator('button:not([disabled])').first().click();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test.describe('a visitor early in their day', () => {
  // "Today" is the visitor's; in the last hour of a day no doctor has a slot left in it.
  const zone = zoneEarlyInItsDay();
  test.use({ timezoneId: zone });

  test('search filters by availability, sorts by the soonest slot and shows it on each card', async ({ page }) => {
    await page.goto('/find-doctors');
    await page.getByLabel('Availability').selectOption('Available today');
    await page.getByLabel('Sort by').selectOption('Soonest available');
    await expect(page).toHaveURL(/available=today&sort=soonest/);
    const next = page.getByTestId('next-available');
    await expect(next.first()).toBeVisible();
    await expect(page.getByTestId('doctor-card')).toHaveCount(await next.count());
    const clocks = (await next.allInnerTexts()).map((t) => t.replace('Next available: ', ''));
    for (const clock of clocks) expect(clock).toMatch(/^Today \d{1,2}:\d\d [AP]M$/);
    const minutes = clocks.map(minutesOf);
    expect(minutes).toEqual([...minutes].sort((a, b) => a - b));

    // Any time again: the filter leaves the URL, the soonest sort stays.
    await page.getByLabel('Availability').selectOption('Any time');
    await expect(page).toHaveURL(/\/find-doctors\?sort=soonest$/);
    await expect(next.first()).toBeVisible();
  });
});
