import type { APIRequestContext } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../common/schemas/meta';
import { localDate } from './clock';
import { expect, payByCardThroughApi, test, verifyThroughDemoInbox } from './fixtures';

/**
 * The waitlist end to end (issue 42 item 2): a patient asks to be told of an earlier time on a
 * doctor's page; another patient cancels the earlier paid visit; the first gets the offer (bell,
 * My Appointments) and books it through the e-mail's one-tap link. The doctor and both patients
 * are new, made through the API, so no demo account changes.
 */

const ZONE = 'America/New_York';
const DAY_MS = 86_400_000;
// One half-hour a day, bookable only three days ahead or later: the first free slot is therefore
// more than 24 hours away (a patient may still cancel it) and nothing opens before it meanwhile.
const NOTICE_MINUTES = 3 * 24 * 60;

async function listedDoctor(request: APIRequestContext, admin: APIRequestContext, suffix: string) {
  const registered = await request.post('/api/auth/register', {
    data: {
      email: `wait-doc-${suffix}@example.com`,
      password: 'a-long-password-1',
      firstName: 'Lena',
      lastName: `Waitwell${suffix}`,
      userType: 'doctor',
    },
  });
  expect(registered.status()).toBe(201);
  await verifyThroughDemoInbox(request);
  const saved = await request.put('/api/doctors/profile', {
    data: {
      specialty: 'Pediatrics',
      experience: 9,
      location: `Waitville ${suffix}`,
      country: 'United States',
      timeZone: ZONE,
      about: 'Children and families.',
      languages: ['English'],
      education: 'MD',
      medicalSchool: 'State Medical School',
      licenseNumber: `NY-${suffix}`,
      consultationFee: '90',
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  expect((await request.post('/api/doctors/profile/publish')).status()).toBe(200);
  const profile = (await (await request.get('/api/profile/doctor')).json()) as { id: string };
  const halfHour = [{ start: '09:00', end: '09:30' }];
  const week = {
    mon: halfHour,
    tue: halfHour,
    wed: halfHour,
    thu: halfHour,
    fri: halfHour,
    sat: halfHour,
    sun: halfHour,
  };
  const hours = await request.put('/api/doctors/profile/schedule', {
    data: {
      weekly: week,
      visitMinutes: { video: 30, voice: 30, in_person: 30 },
      bufferMinutes: 0,
      minNoticeMinutes: NOTICE_MINUTES,
      horizonDays: 30,
      dailyCap: null,
    },
  });
  expect(hours.status(), await hours.text()).toBe(200);
  const verified = await admin.put(`/api/admin/doctors/${profile.id}/verify`, { data: { isVerified: true } });
  expect(verified.status()).toBe(200);
  return profile.id;
}

/** The doctor's first free slot: the earliest date that has one, three to five days ahead. */
async function firstFreeSlot(request: APIRequestContext, doctorId: string) {
  for (let days = 3; days <= 5; days++) {
    const date = localDate(ZONE, new Date(Date.now() + days * DAY_MS));
    const reply = await (await request.get(`/api/doctors/${doctorId}/availability?date=${date}`)).json();
    const slot = (reply.slots as { label: string; available: boolean }[]).find((s) => s.available);
    if (slot) return { date, label: slot.label };
  }
  throw new Error('no free slot three to five days ahead');
}

async function bookAndPay(request: APIRequestContext, doctorId: string, date: string, time: string) {
  const booked = await request.post('/api/appointments', {
    data: {
      doctorId,
      appointmentDate: date,
      appointmentTime: time,
      consultationType: 'video',
      reasonForVisit: 'Check-up',
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const appointment = (await booked.json()) as { id: string };
  await payByCardThroughApi(request, appointment.id);
  return appointment.id;
}

test('a patient waits for an earlier time, another cancels, and the first books the offer from its link', async ({
  page,
  playwright,
  baseURL,
  signUpPatient,
}) => {
  const suffix = Date.now().toString(36);
  const [doctorApi, adminApi, firstApi] = await Promise.all(
    [0, 1, 2].map(() => playwright.request.newContext({ baseURL })),
  );
  const admin = DEMO_ACCOUNTS.find((a) => a.userType === 'admin')!;
  expect(
    (await adminApi.post('/api/auth/login', { data: { email: admin.email, password: admin.password } })).status(),
  ).toBe(200);
  const doctorId = await listedDoctor(doctorApi, adminApi, suffix);

  // The first patient holds the doctor's earliest time, paid.
  await signUpPatient(firstApi);
  const slot = await firstFreeSlot(firstApi, doctorId);
  const earlier = await bookAndPay(firstApi, doctorId, slot.date, slot.label);

  // The second patient (this page) asks to be told of anything before the day after that visit.
  await signUpPatient();
  const before = localDate(ZONE, new Date(Date.parse(`${slot.date}T12:00:00Z`) + DAY_MS));
  await page.goto(`/doctors/${doctorId}`);
  await page.getByRole('button', { name: 'Tell me if an earlier time opens' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tell me if an earlier time opens' });
  await dialog.getByLabel('Type of visit').selectOption('video');
  await dialog.getByLabel('Before').fill(before);
  await dialog.getByRole('button', { name: 'Tell me' }).click();
  await expect(page.getByText('You will be told', { exact: true }).first()).toBeVisible();
  const waiting = await (await page.request.get('/api/waitlist')).json();
  expect(waiting).toMatchObject([{ doctorId, status: 'active', offer: null }]);

  // The first patient cancels; the freed time is held for the second.
  const cancelled = await firstApi.patch(`/api/appointments/${earlier}`, { data: { status: 'cancelled' } });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  await expect
    .poll(async () => ((await (await page.request.get('/api/waitlist')).json()) as { status: string }[])[0].status)
    .toBe('offered');

  // The bell says so.
  await page.goto('/appointments');
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName(/unread/);
  await bell.click();
  await expect(page.getByRole('dialog').getByText('An Earlier Time Is Held for You')).toBeVisible();
  await page.keyboard.press('Escape');

  // My Appointments: the held booking counts down the offer's 15 minutes, not a booking's 30.
  await expect(page.getByText(/^Held for you until /)).toBeVisible();
  const card = page.getByTestId('appointment-card').filter({ hasText: 'Awaiting payment' });
  await expect(card.getByText('Held for 15 minutes — pay to confirm')).toBeVisible();
  await expect(card.getByText(/^(15|14) minutes left$/)).toBeVisible();

  // The e-mail's one-tap link opens the held booking's payment; paying books it.
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await page.request.get('/api/emails/mine')).json()) as { textBody: string }[];
      link = mails.map((m) => /\/checkout\?appointmentId=[\w-]+/.exec(m.textBody)?.[0]).find(Boolean);
      return link;
    })
    .toBeTruthy();
  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Complete Payment' })).toBeVisible();
  await expect(page.getByTestId('hold-notice')).toContainText('Held for 15 minutes — pay to confirm');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('1234');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Postcode').fill('10001');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByText('Payment Successful', { exact: true }).first()).toBeVisible();
  await expect
    .poll(async () => ((await (await page.request.get('/api/waitlist')).json()) as { status: string }[])[0].status)
    .toBe('booked');

  await Promise.all([doctorApi.dispose(), adminApi.dispose(), firstApi.dispose()]);
});
