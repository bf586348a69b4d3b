import { expect, test } from './fixtures';

// Without a camera or permission (plain headless Chromium) the room says so in words, and chat
// still works. No peer connection is opened here (the doctor is not in the room).
test('without a camera the room explains why and chat still works', async ({ page, loginAs }) => {
  await loginAs('patient');
  await page.goto('/video-consultations');
  await page.getByRole('link', { name: 'Join Call' }).first().click();
  await expect(page).toHaveURL(/\/consultation\?appointmentId=/);
  // The pre-call check finds no camera and offers a way on; Join now goes in regardless.
  await expect(page.getByRole('heading', { name: 'Your camera is not available' })).toBeVisible();
  await page.getByRole('button', { name: 'Join now' }).click();
  await expect(page.getByTestId('consultation-status')).toHaveText('Waiting');
  await expect(page.getByRole('alert')).toContainText(/camera (and|or) microphone.*chat still works/);
  await expect(page.getByRole('button', { name: 'Turn camera off' })).toBeDisabled();
  await expect(page.getByTestId('chat-connection')).toHaveText('Connected');
  await expect(page.getByText('No messages yet. Start the conversation!')).toBeVisible();
  const text = `Waiting for you, doctor ${Date.now()}`;
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(page.getByRole('log').getByText(text)).toBeVisible();
  // Stored: still there after a reload (which goes straight back into the room).
  await page.reload();
  await expect(page.getByRole('log').getByText(text)).toBeVisible();
});

test('a consultation that is not yours, or /consultation without an id', async ({ page, loginAs, consoleErrors }) => {
  await loginAs('patient');
  const missing = '/api/consultations/00000000-0000-4000-8000-000000000000';
  await page.goto('/consultation/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Consultation Not Found' })).toBeVisible();
  await expect(page.getByText("This consultation does not exist or you don't have access to it.")).toBeVisible();
  // The browser logs the 404 that this screen is about; that one is expected, nothing else is.
  const expected = consoleErrors.findIndex((e) => e.includes('status of 404') && e.includes(missing));
  expect(expected).toBeGreaterThanOrEqual(0);
  consoleErrors.splice(expected, 1);
  await page.goto('/consultation');
  await expect(page.getByText('Invalid Consultation')).toBeVisible();
  await expect(
    page.getByText('No consultation ID provided. Please access this page through your appointments.'),
  ).toBeVisible();
});
