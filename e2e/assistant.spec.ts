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

test('the assistant button tucks itself away over a button of the page, and its sliver still opens it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 844 });
  await page.goto('/');
  const card = page.getByTestId('doctor-card').nth(2);
  const book = card.getByRole('link', { name: /^Book / });
  await expect(book).toBeVisible();
  const spot = page.getByTestId('assistant-dock').locator('.fixed');
  // Scroll the third card's Book button to the height of the assistant's place.
  const [bookBox, spotBox] = [await book.boundingBox(), await spot.boundingBox()];
  await page.mouse.wheel(0, bookBox!.y + bookBox!.height / 2 - (spotBox!.y + spotBox!.height / 2));
  await expect(spot).toHaveAttribute('data-tucked', 'true');
  // Nothing covers the Book button: a trial click fails when another element would take the click.
  await book.click({ trial: true, timeout: 5_000 });

  await page.getByRole('button', { name: 'Open health assistant' }).click({ position: { x: 6, y: 28 } });
  await expect(page.getByRole('log')).toContainText('find doctors');
});
