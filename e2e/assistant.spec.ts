import { expect, test } from './fixtures';

test('the health assistant greets and answers by keyword', async ({ page }) => {
  await page.goto('/about');
  await page.getByRole('button', { name: 'Open health assistant' }).click();
  const log = page.getByRole('log');
  await expect(log).toContainText('find doctors');
  const input = page.getByRole('textbox', { name: 'Message the health assistant' });

  await input.fill('I have a fever since yesterday');
  await input.press('Enter');
  await expect(page.getByText('Assistant is typing')).toBeVisible();
  await expect(log).toContainText('100.4°F');
  await expect(log).toContainText('Quick options');

  await input.fill('How much does a cardiologist cost?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(log).toContainText('$150-200');

  await page.getByRole('button', { name: 'Emergency Info' }).click();
  await expect(log).toContainText('non-emergency');
});
