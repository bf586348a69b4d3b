import type { Page } from '@playwright/test';
import { severeFindings } from './axe';
import { dateInDays } from './clock';
import { expect, test } from './fixtures';

/** The demo doctor (Dr. Okafor) is the doctor of the demo patient's seeded appointments. */
async function demoDoctorId(page: Page): Promise<string> {
  const res = await page.request.get('/api/appointments/patient');
  return (await res.json())[0].doctorId as string;
}

const freeTimes = (page: Page) =>
  page.getByRole('radiogroup', { name: 'Available times' }).locator('button:not([disabled])');

async function chooseFirstFreeSlot(page: Page, doctorId: string, date: string) {
  await page.goto(`/book-appointment?doctorId=${doctorId}`);
  await page.getByLabel('Date').fill(date);
  const first = freeTimes(page).first();
  await expect(first).toBeVisible();
  // The time on the patient's clock, the first line of the button (its name begins with it).
  const label = (await first.locator('span').first().textContent())!.trim();
  await first.click();
  return label;
}

test('an unpaid booking is held, not booked; released, its time is bookable again at once', async ({
  page,
  loginAs,
  signUpPatient,
}) => {
  await loginAs('patient');
  const doctorId = await demoDoctorId(page);
  await signUpPatient();
  const date = dateInDays(26);
  const reason = `Follow-up on migraines ${Date.now()}`;
  const time = await chooseFirstFreeSlot(page, doctorId, date);
  await page.getByLabel('Reason for visit').fill(reason);
  await page.getByRole('button', { name: 'Review Booking' }).click();
  await page.getByRole('button', { name: 'Book Appointment' }).click();

  await expect(page).toHaveURL(/\/checkout\?appointmentId=/);
  await expect(page.getByText('Appointment Booked!')).toHaveCount(0);
  const notice = page.getByTestId('hold-notice');
  await expect(notice).toContainText('Held for 30 minutes — pay to confirm');
  await expect(notice).toContainText(/(30|29) minutes left/);
  expect(await severeFindings(page)).toEqual([]);

  await page.goto('/appointments');
  const card = page.getByTestId('appointment-card').filter({ hasText: reason });
  await expect(card.getByText('Held for 30 minutes — pay to confirm')).toBeVisible();
  await expect(card.getByText('Awaiting payment', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Release this hold' }).click();
  await expect(page.getByText('Hold Released', { exact: true })).toBeVisible();
  await expect(card.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Release this hold' })).toHaveCount(0);

  // The same time, right away, for anyone (here: the same patient again).
  await page.goto(`/book-appointment?doctorId=${doctorId}`);
  await page.getByLabel('Date').fill(date);
  const again = page
    .getByRole('radiogroup', { name: 'Available times' })
    .getByRole('radio', { name: new RegExp(`^${time}`) });
  await expect(again).toBeEnabled();
  await expect(again).not.toHaveAccessibleName(/unavailable/);
});

test('the payment page releases the hold too, and a declined card keeps it with the reason beside Pay', async ({
  page,
  loginAs,
  signUpPatient,
}) => {
  await loginAs('patient');
  const doctorId = await demoDoctorId(page);
  await signUpPatient();
  await chooseFirstFreeSlot(page, doctorId, dateInDays(27));
  await page.getByLabel('Reason for visit').fill(`Itchy eyes ${Date.now()}`);
  await page.getByRole('button', { name: 'Review Booking' }).click();
  await page.getByRole('button', { name: 'Book Appointment' }).click();
  await expect(page.getByRole('heading', { name: 'Complete Payment' })).toBeVisible();

  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByLabel('Expiry (MM / YY)').fill('1234');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Postcode').fill('10001');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  const beside = page.getByTestId('payment-error');
  await expect(beside).toHaveText('Your card was declined.');
  await expect(beside).toBeFocused();
  await expect(page.getByTestId('hold-notice')).toBeVisible();

  await page.getByRole('button', { name: 'Release this hold' }).click();
  await expect(page.getByText('Hold Released', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/appointments$/);
});
