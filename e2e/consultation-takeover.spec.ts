import { expect, test } from './fixtures';

// The same patient opens their room in a second tab: the new tab has the room, the first says
// so and can take it back. No peer connection is opened (the doctor is not in the room).
test('a second tab takes the room over, and Use here takes it back', async ({ page, context, loginAs }) => {
  await loginAs('patient');
  await page.goto('/video-consultations');
  await page.getByRole('link', { name: 'Join Call' }).first().click();
  await expect(page).toHaveURL(/\/consultation\?appointmentId=/);
  await page.getByRole('button', { name: 'Join now' }).click();
  await expect(page.getByTestId('chat-connection')).toHaveText('Connected');

  const second = await context.newPage();
  const secondErrors: string[] = [];
  second.on('console', (msg) => msg.type() === 'error' && secondErrors.push(msg.text()));
  second.on('pageerror', (error) => secondErrors.push(error.message));
  // Checked in this browser already: the second tab goes straight into the room.
  await second.goto(page.url());
  await expect(second.getByTestId('chat-connection')).toHaveText('Connected');
  const text = `From my second tab ${Date.now()}`;
  await second.getByRole('textbox', { name: 'Message' }).fill(text);
  await second.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(second.getByRole('log').getByText(text)).toBeVisible();

  const elsewhere = page.getByRole('heading', { name: 'This consultation is open in another tab or device.' });
  await expect(elsewhere).toBeVisible();
  await expect(elsewhere).toBeFocused();
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Use here' }).click();
  await expect(page.getByTestId('chat-connection')).toHaveText('Connected');
  // Joining again replays the conversation, the second tab's message included.
  await expect(page.getByRole('log').getByText(text)).toBeVisible();
  await expect(
    second.getByRole('heading', { name: 'This consultation is open in another tab or device.' }),
  ).toBeVisible();
  expect(secondErrors).toEqual([]);
});
