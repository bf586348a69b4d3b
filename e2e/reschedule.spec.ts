import type { APIRequestContext } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../common/schemas/meta';
import { dateInDays } from './clock';
import { expect, payByCardThroughApi, test } from './fixtures';

/** The card's date and time as the screens write them in the browser's zone (UTC here). */
const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

type Slot = { label: string; startsAt: string; available: boolean };

async function freeSlot(request: APIRequestContext, doctorId: string, date: string): Promise<Slot> {
  const res = await request.get(`/api/doctors/${doctorId}/availability?date=${date}`);
  expect(res.status()).toBe(200);
  const slot = ((await res.json()).slots as Slot[]).find((s) => s.available);
  expect(slot, `a free slot on ${date}`).toBeTruthy();
  return slot!;
}

/** Books the demo doctor's first free slot on that date and pays with the simulated card, as checkout does. */
async function bookAndPay(request: APIRequestContext, doctorId: string, days: number, reason: string) {
  const date = dateInDays(days);
  const slot = await freeSlot(request, doctorId, date);
  const booked = await request.post('/api/appointments', {
    data: {
      doctorId,
      appointmentDate: date,
      appointmentTime: slot.label,
      consultationType: 'voice',
      reasonForVisit: reason,
    },
  });
  expect(booked.status()).toBe(201);
  const appointment = (await booked.json()) as { id: string; startsAt: string };
  await payByCardThroughApi(request, appointment.id);
  return appointment;
}

async function demoDoctorId(request: APIRequestContext) {
  return ((await (await request.get('/api/appointments/patient')).json()) as { doctorId: string }[])[0].doctorId;
}

test('the patient moves a paid appointment to another free slot and sees the new time', async ({ page, loginAs }) => {
  await loginAs('patient');
  const doctorId = await demoDoctorId(page.request);
  const reason = `Follow-up on allergy medication ${Date.now()}`;
  const before = await bookAndPay(page.request, doctorId, 25, reason);

  await page.goto('/appointments');
  const card = page.getByTestId('appointment-card').filter({ hasText: reason });
  await expect(card.getByText(longDate(before.startsAt), { exact: false })).toBeVisible();
  await card.getByRole('button', { name: 'Reschedule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reschedule appointment' });
  await expect(dialog).toContainText('Your payment carries over');
  await dialog.getByRole('radiogroup', { name: 'Day' }).getByRole('radio').last().click();
  const time = dialog.getByRole('radiogroup', { name: 'Available times' }).getByRole('radio').first();
  // The first line is the time in the patient's zone; the doctor's own clock may follow.
  const chosen = (await time.innerText()).split('\n')[0].trim();
  await time.click();
  await dialog.getByRole('button', { name: 'Confirm New Time' }).click();
  await expect(page.getByText('Appointment Rescheduled', { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);

  const moved = (
    (await (await page.request.get('/api/appointments/patient')).json()) as { id: string; startsAt: string }[]
  ).find((a) => a.id === before.id)!;
  expect(moved.startsAt).not.toBe(before.startsAt);
  // "09:30 AM" on the slot button reads "9:30 AM" in the card's sentence.
  await expect(card).toContainText(`${longDate(moved.startsAt)} at ${chosen.replace(/^0/, '')}`);
  await expect(card.getByText('Paid', { exact: true })).toBeVisible();
});

test('the doctor proposes a new time and the patient accepts it from the banner', async ({
  page,
  loginAs,
  playwright,
  baseURL,
}) => {
  await loginAs('patient');
  const doctorId = await demoDoctorId(page.request);
  const reason = `Blood pressure check ${Date.now()}`;
  const appointment = await bookAndPay(page.request, doctorId, 26, reason);

  const doctor = await playwright.request.newContext({ baseURL });
  const account = DEMO_ACCOUNTS.find((a) => a.userType === 'doctor')!;
  expect(
    (await doctor.post('/api/auth/login', { data: { email: account.email, password: account.password } })).status(),
  ).toBe(200);
  const date = dateInDays(27);
  const slot = await freeSlot(doctor, doctorId, date);
  const proposed = await doctor.post(`/api/doctor/appointments/${appointment.id}/proposals`, {
    data: { appointmentDate: date, appointmentTime: slot.label },
  });
  expect(proposed.status()).toBe(201);
  await doctor.dispose();

  await page.goto('/appointments');
  const banner = page.getByTestId('proposal-banner').filter({ hasText: longDate(appointment.startsAt) });
  await expect(banner).toContainText(
    `Dr. Daniel Okafor proposes to move your voice consultation from ${longDate(appointment.startsAt)}`,
  );
  await expect(banner).toContainText(`to ${longDate(slot.startsAt)}`);
  await banner.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText('Appointment Rescheduled', { exact: true })).toBeVisible();
  await expect(banner).toHaveCount(0);
  const card = page.getByTestId('appointment-card').filter({ hasText: reason });
  await expect(card).toContainText(longDate(slot.startsAt));
});
