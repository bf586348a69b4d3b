import ICAL from 'ical.js';
import { zonedInstant } from '../common/rules/zoned-time';
import { DEMO_ACCOUNTS } from '../common/schemas/meta';
import { severeFindings } from './axe';
import { localDate } from './clock';
import { expect, test } from './fixtures';

const NY = 'America/New_York';
const patient = DEMO_ACCOUNTS.find((a) => a.userType === 'patient')!;

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const isWeekday = (date: string) => ![0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay());

test("a doctor's break and day off disappear from the patient's view, and booking one by URL is refused", async ({
  page,
  browser,
  loginAs,
}) => {
  await loginAs('doctor');
  const doctorId = ((await (await page.request.get('/api/profile/doctor')).json()) as { id: string }).id;

  // Weekly hours: Monday 09:00–11:00 and 14:00–17:00, then the same on every weekday.
  await page.goto('/profile-builder');
  await page.getByRole('button', { name: /Step 4:/ }).click();
  await expect(page.getByRole('heading', { name: 'Weekly hours' })).toBeVisible();
  const monday = page.getByRole('group', { name: 'Monday' });
  const removeMonday = monday.getByRole('button', { name: /^Remove Monday/ });
  while ((await removeMonday.count()) > 0) await removeMonday.first().click();
  await expect(monday.getByText('Closed')).toBeVisible();
  await page.getByRole('button', { name: 'Add hours on Monday' }).click();
  await page.getByLabel('Monday range from').fill('09:00');
  await page.getByLabel('Monday range to').fill('11:00');
  await page.getByRole('button', { name: 'Add hours on Monday' }).click();
  await page.getByLabel('Monday range 2 from').fill('14:00');
  await page.getByLabel('Monday range 2 to').fill('17:00');
  await page.getByRole('button', { name: 'Copy Monday to weekdays' }).click();
  await expect(page.getByLabel('Friday range 2 from')).toHaveValue('14:00');
  await page.getByLabel('Video visit length').selectOption('30');
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(page.getByText('Profile Updated', { exact: true })).toBeVisible();

  // A day off: the first weekday at least three days ahead in New York.
  let dayOff = addDays(localDate(NY), 3);
  while (!isWeekday(dayOff)) dayOff = addDays(dayOff, 1);
  let breakDay = addDays(dayOff, 1);
  while (!isWeekday(breakDay)) breakDay = addDays(breakDay, 1);
  await page.goto('/dashboard');
  const timeOff = page
    .getByRole('heading', { name: 'Time off' })
    .locator('xpath=ancestor::div[contains(@class,"rounded-xl")][1]');
  await timeOff.getByRole('button', { name: 'Add Time Off' }).click();
  await timeOff.getByLabel('From').fill(dayOff);
  await timeOff.getByLabel('To').fill(dayOff);
  await timeOff.getByLabel('Label (only you see it)').fill('Conference');
  await timeOff.getByRole('button', { name: 'Add Time Off' }).click();
  await expect(page.getByText('Time Off Added', { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Planned time off' })).toContainText('Conference');

  // The patient's view of the doctor's week: nothing in the break, nothing on the day off.
  const context = await browser.newContext();
  const patientPage = await context.newPage();
  expect((await patientPage.request.post('/api/auth/login', { data: patient })).status()).toBe(200);
  await patientPage.goto(`/doctors/${doctorId}`);
  const links = patientPage.getByRole('list', { name: 'Free slots by day' }).getByRole('link', { name: /^Book / });
  await expect(links.first()).toBeVisible();
  const week = await patientPage.request.get(`/api/doctors/${doctorId}/availability?date=${localDate(NY)}&days=7`);
  const offered = ((await week.json()) as { slots: { date: string; time: string; available: boolean }[] }).slots.filter(
    (s) => s.available,
  );
  expect(offered.length).toBeGreaterThan(0);
  expect(offered.filter((s) => s.date === dayOff)).toEqual([]);
  expect(offered.filter((s) => s.time >= '11:00' && s.time < '14:00')).toEqual([]);
  const hrefs = await links.evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
  const breakStart = zonedInstant(breakDay, '12:00', NY).toISOString();
  const dayOffStart = zonedInstant(dayOff, '09:00', NY).toISOString();
  for (const href of hrefs) {
    const start = new URL(href).searchParams.get('start')!;
    expect(start).not.toBe(breakStart);
    expect(start).not.toBe(dayOffStart);
  }

  // Booking the day off by its URL: the booking form says it is not free, the API says why.
  await patientPage.goto(
    `/book-appointment?doctorId=${doctorId}&date=${dayOff}&start=${encodeURIComponent(dayOffStart)}`,
  );
  await expect(patientPage.getByRole('alert')).toContainText('no longer free');
  const bookAt = (appointmentDate: string, appointmentTime: string) =>
    patientPage.request.post('/api/appointments', {
      data: { doctorId, appointmentDate, appointmentTime, consultationType: 'video', reasonForVisit: 'Check-up' },
    });
  const away = await bookAt(dayOff, '09:00 AM');
  expect(away.status()).toBe(400);
  expect(((await away.json()) as { message: string }).message).toBe('Dr. Okafor is away at that time.');
  const inBreak = await bookAt(breakDay, '12:00 PM');
  expect(inBreak.status()).toBe(400);
  expect(((await inBreak.json()) as { message: string }).message).toBe(
    'Dr. Okafor does not see patients at that time.',
  );
  await context.close();
});

test('a patient copies the calendar feed URL from the profile and the file parses', async ({
  page,
  context,
  loginAs,
  request,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await loginAs('patient');
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Calendar Subscription' })).toBeVisible();
  const field = page.getByLabel('Your calendar link');
  await expect(field).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  await page.getByRole('button', { name: 'Copy Link' }).click();
  await expect(page.getByText('Link Copied', { exact: true })).toBeVisible();
  const url = await page.evaluate(() => navigator.clipboard.readText());
  expect(url).toBe(await field.inputValue());

  // A calendar app has no cookie: the `request` fixture is a fresh client.
  const file = await request.get(url);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toMatch(/^text\/calendar/);
  const body = await file.text();
  const mine = (await (await page.request.get('/api/appointments/patient')).json()) as {
    id: string;
    status: string;
    startsAt: string;
    reasonForVisit: string;
  }[];
  const events = new ICAL.Component(ICAL.parse(body)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
  const confirmed = mine.filter(
    (a) => a.status === 'confirmed' && Date.parse(a.startsAt) > Date.now() - 80 * 86_400_000,
  );
  expect(confirmed.length).toBeGreaterThan(0);
  for (const appointment of confirmed) {
    const event = events.find((e) => e.uid === `${appointment.id}@medora`);
    expect(event?.startDate.toJSDate().toISOString()).toBe(new Date(appointment.startsAt).toISOString());
    expect(body).not.toContain(appointment.reasonForVisit.slice(0, 20));
  }

  // A new link: the old one answers 404.
  await page.getByRole('button', { name: 'Reset Link' }).click();
  await expect(page.getByText('New Link Ready', { exact: true })).toBeVisible();
  await expect(field).not.toHaveValue(url);
  expect((await request.get(url)).status()).toBe(404);
});

test('the weekly editor and the time off form have no serious or critical axe finding', async ({ browser }) => {
  // AxeBuilder needs a page from a context it can add its script to.
  const context = await browser.newContext({ locale: 'en-US', timezoneId: 'UTC' });
  const doctor = DEMO_ACCOUNTS.find((a) => a.userType === 'doctor')!;
  expect((await context.request.post('/api/auth/login', { data: doctor })).status()).toBe(200);
  const page = await context.newPage();
  const severe = () => severeFindings(page);
  await page.goto('/profile-builder');
  await page.getByRole('button', { name: /Step 4:/ }).click();
  await page.getByRole('button', { name: 'Add hours on Saturday' }).click();
  await expect(page.getByLabel('Saturday range from')).toBeVisible();
  expect(await severe()).toEqual([]);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Add Time Off' }).click();
  await page.getByRole('checkbox', { name: 'All day' }).uncheck();
  await expect(page.getByLabel('Start time')).toBeVisible();
  expect(await severe()).toEqual([]);
  await context.close();
});
