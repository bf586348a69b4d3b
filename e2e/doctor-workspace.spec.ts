import type { APIRequestContext } from '@playwright/test';
import { expect, payByCardThroughApi, test, verifyThroughDemoInbox } from './fixtures';
import { canJoinVisit } from '../common/rules/join-window';
import { localDate, zoneEarlyInItsDay } from './clock';

/**
 * A doctor's first day: register → build a profile (Publish disabled below 70 %) → publish → an
 * admin verifies through the API → the doctor is listed in find-doctors → a patient books and
 * pays through the API → the doctor's dashboard shows today's appointment and a pending earning.
 */

async function signIn(request: APIRequestContext, email: string) {
  const res = await request.post('/api/auth/login', { data: { email, password: 'medora-demo' } });
  expect(res.status()).toBe(200);
}

test('a new doctor builds, publishes and gets verified, then sees a paid booking on the dashboard', async ({
  page,
  playwright,
  baseURL,
}) => {
  const suffix = Date.now().toString(36);
  const lastName = `Adeyemi${suffix}`;
  const city = `Ikeja ${suffix}`;
  const zone = zoneEarlyInItsDay();

  // Register through the sign-in screen; a new doctor lands on the profile builder.
  await page.goto('/login?mode=register');
  await page.getByText('Doctor', { exact: true }).click();
  await page.getByLabel('First name').fill('Amara');
  await page.getByLabel('Last name').fill(lastName);
  await page.getByLabel('Email').fill(`amara-${suffix}@example.com`);
  await page.getByLabel('Password').fill('a-strong-password');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/profile-builder$/);
  await expect(page.getByRole('heading', { name: 'Build Your Doctor Profile' })).toBeVisible();
  await verifyThroughDemoInbox(page.request);

  // Step 1, partly: 3 of 12.5 points.
  await page.getByLabel('Primary specialty *').selectOption('Cardiology');
  await page.getByLabel('Location / city *').fill(city);
  await page.getByLabel('Country *').selectOption('Nigeria');
  await expect(page.getByLabel('Time zone')).toHaveValue('Africa/Lagos'); // default from the country
  await page.getByLabel('Time zone').selectOption(zone);
  await page.getByRole('button', { name: /Step 5/ }).click();
  await expect(page.getByRole('progressbar').first()).toHaveAttribute('aria-valuenow', '24');
  await expect(page.getByText('None specified')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Publish Profile' })).toBeDisabled();
  await expect(page.getByText('Complete at least 70% of your profile to publish (now 24%).')).toBeVisible();
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(page.getByText('Profile Updated', { exact: true })).toBeVisible();

  // Fill the rest of the required fields.
  await page.getByRole('button', { name: /Step 1/ }).click();
  await page.getByLabel('Years of experience').fill('12');
  await page.getByLabel('About you').fill('Cardiologist focused on prevention and long-term heart health.');
  await page.getByLabel('Languages spoken', { exact: true }).selectOption('English');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Medical degree').fill('MBBS');
  await page.getByLabel('Medical school *').fill('University of Lagos');
  await page.getByLabel('Medical license number *').fill(`NG-${suffix}`);
  await page.getByLabel('Board certifications', { exact: true }).fill('  FACC  ');
  await page.getByRole('button', { name: 'Add to Board certifications' }).click();
  await expect(page.getByRole('list', { name: 'Board certifications: added' }).getByRole('listitem')).toHaveText([
    'FACC',
  ]);
  await page.getByRole('button', { name: /Step 4/ }).click();
  await page.getByLabel('Video consultation fee ($) *').fill('150');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('progressbar').first()).toHaveAttribute('aria-valuenow', '88');
  await expect(page.getByText('$150', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Publish Profile' }).click();
  await expect(page.getByText('Profile status: Pending verification.')).toBeVisible();

  // The doctor is not listed yet.
  const anon = await playwright.request.newContext({ baseURL });
  const search = async () =>
    (await (await anon.get(`/api/doctors/search?location=${encodeURIComponent(city)}`)).json()) as unknown;
  expect(JSON.stringify(await search())).not.toContain(lastName);

  // An administrator verifies the profile through the API.
  const profile = await (await page.request.get('/api/profile/doctor')).json();
  expect(profile).toMatchObject({
    profileStatus: 'pending_verification',
    profileCompleteness: 88,
    consultationFee: 15000,
    timeZone: zone,
  });
  const admin = await playwright.request.newContext({ baseURL });
  await signIn(admin, 'admin@example.com');
  const verified = await admin.put(`/api/admin/doctors/${profile.id}/verify`, { data: { isVerified: true } });
  expect(verified.status()).toBe(200);

  // Now the doctor appears in find-doctors.
  await page.goto(`/find-doctors?location=${encodeURIComponent(city)}`);
  await expect(page.getByText(lastName).first()).toBeVisible();

  // Open every day from 04:00 with no notice (the defaults are weekdays 09:00–17:00 and 2 hours'
  // notice), so "today" has a slot whatever the day in the doctor's zone (early in its day). From
  // 04:00, because hours across a daylight-saving gap (02:00–03:00 in these zones) are refused.
  const allDay = [{ start: '04:00', end: '24:00' }];
  const hours = await page.request.put('/api/doctors/profile/schedule', {
    data: {
      weekly: { mon: allDay, tue: allDay, wed: allDay, thu: allDay, fri: allDay, sat: allDay, sun: allDay },
      visitMinutes: { video: 30, voice: 30, in_person: 30 },
      bufferMinutes: 0,
      minNoticeMinutes: 0,
      horizonDays: 180,
      dailyCap: null,
    },
  });
  expect(hours.status()).toBe(200);
  // The doctor reads in the practice's zone too (a doctor abroad would read in their own: decision 047),
  // so the dashboard's "today" and its times are the practice's.
  expect((await page.request.put('/api/auth/time-zone', { data: { timeZone: zone } })).status()).toBe(200);

  // A patient books today's next free slot and pays with the simulated card.
  const patient = await playwright.request.newContext({ baseURL });
  await signIn(patient, 'patient@example.com');
  const today = localDate(zone);
  const availability = await (await patient.get(`/api/doctors/${profile.id}/availability?date=${today}`)).json();
  const slot = availability.slots.find((s: { available: boolean }) => s.available);
  expect(slot, `a free slot today in ${zone}`).toBeTruthy();
  const booked = await patient.post('/api/appointments', {
    data: {
      doctorId: profile.id,
      appointmentDate: today,
      appointmentTime: slot.label,
      consultationType: 'video',
      reasonForVisit: 'Chest tightness when climbing stairs',
    },
  });
  expect(booked.status()).toBe(201);
  const appointment = await booked.json();
  await payByCardThroughApi(patient, appointment.id);

  // The doctor's dashboard: today's appointment with Join Video, and a pending earning of 85 %.
  await page.goto('/dashboard');
  const schedule = page.getByRole('list', { name: "Today's appointments" });
  await expect(schedule.getByText(slot.label)).toBeVisible();
  await expect(schedule.getByText('Paula Patel')).toBeVisible();
  // Join Video only inside the visit's join window (15 minutes before the start until its end).
  if (canJoinVisit({ ...appointment, status: 'confirmed' }, new Date())) {
    await expect(schedule.getByRole('link', { name: 'Join Video' })).toHaveAttribute(
      'href',
      `/consultation?appointmentId=${appointment.id}`,
    );
  } else {
    await expect(schedule.getByRole('link', { name: 'Join Video' })).toHaveCount(0);
    await expect(schedule.getByText('Join Video opens 15 minutes before the start.')).toBeVisible();
  }
  const earnings = page.getByRole('list', { name: 'Recent earnings' });
  await expect(earnings.getByText('$127.50')).toBeVisible();
  await expect(earnings.getByText('Pending')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Request Payout' })).toHaveCount(0);

  await Promise.all([anon.dispose(), admin.dispose(), patient.dispose()]);
});

test('the application form refuses without the terms, then submits', async ({ page }) => {
  const suffix = Date.now().toString(36);
  await page.goto('/join-doctors');
  await page.getByLabel('First name *').fill('Kofi');
  await page.getByLabel('Last name *').fill('Mensah');
  await page.getByLabel('Email *').fill(`kofi-${suffix}@example.com`);
  await page.getByLabel('Phone *').fill('+233 20 123 4567');
  await page.getByLabel('Specialty *').selectOption('Pediatrics');
  await page.getByLabel('Medical license number *').fill('GH-4455');
  await page.getByLabel('Years of experience *').selectOption('6-10');
  await page.getByLabel('Desired consultation fee (USD) *').fill('120');
  await page.getByRole('checkbox', { name: 'English' }).check();
  await page.getByLabel('About me *').fill('Paediatrician in Accra.');
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByText('Terms Required', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/join-doctors$/);

  await page.getByRole('checkbox', { name: /I agree to the/ }).check();
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByText('Application Submitted!', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});
