import type { APIRequestContext, Browser } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../common/schemas/meta';
import { dateInDays } from './clock';
import { expect, test, type Role } from './fixtures';

/**
 * The doctor's appointment book: reached from the navbar, filtered, a booking cancelled with a
 * reason; a summary written from the book reaches the demo patient, who downloads it as a PDF.
 */

async function signIn(request: APIRequestContext, role: Role) {
  const account = DEMO_ACCOUNTS.find((a) => a.userType === role)!;
  const res = await request.post('/api/auth/login', { data: { email: account.email, password: account.password } });
  expect(res.status()).toBe(200);
}

/** A patient in a browser context of their own: the demo patient unless `signUp` makes another. */
async function patientPage<T>(
  browser: Browser,
  baseURL: string | undefined,
  signUp: (request: APIRequestContext) => Promise<T> = (request) => signIn(request, 'patient') as Promise<T>,
) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  return { context, page, person: await signUp(page.request) };
}

test('the doctor finds the book in the navbar, filters it and cancels a booking with a reason', async ({
  page,
  loginAs,
  signUpPatient,
  browser,
  baseURL,
}) => {
  // A new patient books a free slot of the demo doctor (left unpaid, so it holds the slot). The
  // slot is a day ahead at least, so it cannot start while the doctor looks for it.
  const patient = await patientPage(browser, baseURL, signUpPatient);
  const { person } = patient;
  await loginAs('doctor');
  const book = await page.request.get('/api/doctor/appointments?when=past');
  const doctorId = ((await book.json()) as { items: { doctorId: string }[] }).items[0].doctorId;
  const tomorrow = dateInDays(1);
  const availability = await patient.page.request.get(`/api/doctors/${doctorId}/availability?date=${tomorrow}&days=14`);
  const slots = ((await availability.json()) as { slots: { date: string; label: string; available: boolean }[] }).slots;
  const slot = slots.find((s) => s.available)!;
  const reason = `Knee pain after a run, booking ${Date.now()}`;
  // The first kind of consultation the demo doctor offers (the seed draws them).
  let type = '';
  for (const candidate of ['in-person', 'voice', 'video']) {
    const booked = await patient.page.request.post('/api/appointments', {
      data: {
        doctorId,
        appointmentDate: slot.date,
        appointmentTime: slot.label,
        consultationType: candidate,
        reasonForVisit: reason,
      },
    });
    if (booked.status() === 201) {
      type = candidate;
      break;
    }
  }
  expect(type).not.toBe('');

  // A doctor's links are in one row from 1536 px (client/src/app/nav-links.ts).
  await page.setViewportSize({ width: 1600, height: 900 });
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Patient Visits', exact: true })
    .click();
  await expect(page).toHaveURL(/\/doctor\/appointments$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Patient Visits' })).toBeVisible();
  const upcoming = page.getByRole('list', { name: 'Upcoming appointments' });
  await expect(upcoming.getByText('Demo consultation: try the live video room')).toBeVisible();
  await expect(upcoming.getByText('Paula Patel').first()).toBeVisible();

  await page.getByLabel('Type').selectOption(type);
  const row = upcoming.getByRole('listitem').filter({ hasText: reason });
  await expect(row).toBeVisible();
  await expect(row.getByText(`${person.firstName} ${person.lastName}`)).toBeVisible();
  if (type !== 'video') await expect(upcoming.getByText('Demo consultation: try the live video room')).toBeHidden();
  await page.getByLabel('Status').selectOption('no-show');
  await expect(page.getByText('No upcoming appointments match these filters')).toBeVisible();
  await page.getByLabel('Status').selectOption('');

  await page.getByRole('button', { name: 'Past' }).click();
  const past = page.getByRole('list', { name: 'Past appointments' });
  await page.getByLabel('Type').selectOption('video');
  await expect(past.getByText('Sore throat and mild fever for three days')).toBeVisible();
  await page.getByRole('button', { name: 'Upcoming' }).click();
  await page.getByLabel('Type').selectOption(type);

  await row.getByRole('button', { name: 'Cancel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this appointment?' });
  await dialog.getByRole('button', { name: 'Cancel Appointment' }).click();
  await expect(dialog.getByText('Please give the patient a reason')).toBeVisible();
  await dialog.getByLabel('Reason for the patient').fill('I am away at a conference that day.');
  await dialog.getByRole('button', { name: 'Cancel Appointment' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Appointment Cancelled', { exact: true })).toBeVisible();
  await expect(row.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(row.getByText('Reason: I am away at a conference that day.')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Cancel' })).toHaveCount(0);

  // The patient sees it cancelled on their own list.
  await patient.page.goto('/appointments');
  await expect(
    patient.page.getByTestId('appointment-card').filter({ hasText: reason }).getByText('Cancelled', { exact: true }),
  ).toBeVisible();
  await patient.context.close();
});

test('a summary the doctor writes from the book reaches the patient, who downloads it as a PDF', async ({
  page,
  loginAs,
  browser,
  baseURL,
}) => {
  await loginAs('doctor');
  await page.goto('/doctor/appointments?when=past&type=video');
  const visit = page
    .getByRole('list', { name: 'Past appointments' })
    .getByRole('listitem')
    .filter({ hasText: 'Sore throat and mild fever for three days' });
  await visit.getByRole('link', { name: 'Write notes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Visit notes: Paula Patel/ })).toBeVisible();
  const advice = `Gargle with warm salt water twice a day (${Date.now()}).`;
  await page.getByLabel('Advice').fill(advice);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('All changes saved')).toBeVisible();

  // The ready-to-start demo consultation gets its first summary: the patient is told.
  await page.goto('/doctor/appointments');
  await page
    .getByRole('list', { name: 'Upcoming appointments' })
    .getByRole('listitem')
    .filter({ hasText: 'Demo consultation: try the live video room' })
    .getByRole('link', { name: 'Write notes' })
    .click();
  await page.getByLabel('Diagnosis, in plain words').fill('A mild cold.');
  await page.getByRole('button', { name: 'Share with patient' }).click();
  await expect(page.getByText('Shared with patient')).toBeVisible();

  const patient = await patientPage(browser, baseURL);
  const p = patient.page;
  await p.goto('/appointments');
  await p.getByRole('button', { name: /^Notifications/ }).click();
  await expect(p.getByText('Visit Summary Ready').first()).toBeVisible();
  await p.keyboard.press('Escape');

  await p
    .getByTestId('appointment-card')
    .filter({ hasText: 'Sore throat and mild fever for three days' })
    .getByRole('button', { name: 'Visit summary' })
    .click();
  const summary = p.getByRole('dialog', { name: 'Visit summary' });
  await expect(summary.getByText(advice)).toBeVisible();
  const [download] = await Promise.all([
    p.waitForEvent('download'),
    summary.getByRole('link', { name: 'Download PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^medora-visit-summary-\d{4}-\d{2}-\d{2}\.pdf$/);
  const file = await download.path();
  const { readFileSync } = await import('node:fs');
  expect(readFileSync(file).subarray(0, 4).toString('latin1')).toBe('%PDF');
  await patient.context.close();
});
