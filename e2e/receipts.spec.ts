import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { dateInDays } from './clock';
import { expect, test } from './fixtures';

/** A free voice slot of the demo doctor, booked through the API (the booking screens have their own spec). */
async function bookThroughApi(page: Page, reason: string) {
  const [first] = await (await page.request.get('/api/appointments/patient')).json();
  const doctorId = first.doctorId as string;
  for (let days = 22; days < 40; days++) {
    const date = dateInDays(days);
    const availability = await (
      await page.request.get(`/api/doctors/${doctorId}/availability?date=${date}&type=voice`)
    ).json();
    const slot = availability.slots.find((s: { available: boolean }) => s.available);
    if (!slot) continue;
    const res = await page.request.post('/api/appointments', {
      data: {
        doctorId,
        appointmentDate: date,
        appointmentTime: slot.label,
        consultationType: 'voice',
        reasonForVisit: reason,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()).id as string;
  }
  throw new Error('no free slot in the next weeks');
}

test('pay for a consultation, then download its numbered receipt from My Appointments', async ({
  page,
  loginAs,
}, info) => {
  await loginAs('patient');
  const reason = `Receipt check ${Date.now()}`;
  const id = await bookThroughApi(page, reason);
  await page.goto(`/checkout?appointmentId=${id}`);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('1234');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Postcode').fill('10001');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page).toHaveURL(/\/appointments$/);

  const card = page.getByTestId('appointment-card').filter({ hasText: reason });
  const receipt = card.getByRole('link', { name: 'Receipt' });
  await expect(receipt).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), receipt.click()]);
  expect(download.suggestedFilename()).toMatch(/^medora-receipt-MED-\d{4}-\d{6}\.pdf$/);
  const file = info.outputPath('receipt.pdf');
  await download.saveAs(file);
  expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(text).toMatch(/MED-\d{4}-\d{6}/);
  expect(text).toContain('Demo operator');
  expect(text).toContain('Voice Call consultation with Dr.');
  expect(text).toContain('VAT not charged');
  // The browser runs in UTC here (playwright.config.ts), so the date names UTC.
  expect(text).toMatch(/\d{4}, \d{2}:\d{2} [AP]M UTC/);
});
