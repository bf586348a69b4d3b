import { openWithEntryHeld, rememberDrawnHeading, takenOver } from './drawn-page';
import { expect, test } from './fixtures';

const dollars = (text: string) => Number(text.replace(/[$,]/g, ''));

test('a visitor filters on the landing page, sorts, loads more, opens a doctor and books', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Featured Doctors' })).toBeVisible();
  await expect(page.getByTestId('doctor-card').first()).toBeVisible();

  // Landing filter → find-doctors with the filter in a shareable URL.
  const filter = page.getByRole('search', { name: 'Search doctors' });
  await filter.getByLabel('Price range').selectOption('$100-200');
  await filter.getByRole('button', { name: 'Search Doctors' }).click();
  await expect(page).toHaveURL(/\/find-doctors\?priceRange=100-200$/);
  await expect(page.getByRole('heading', { name: 'Find Doctors' })).toBeVisible();
  const cards = page.getByTestId('doctor-card');
  await expect(cards).toHaveCount(12);
  for (const fee of await page.getByTestId('doctor-fee').allInnerTexts()) {
    expect(dollars(fee)).toBeGreaterThanOrEqual(100);
    expect(dollars(fee)).toBeLessThanOrEqual(200);
  }

  // Sort by price, then load the next page: still in order, no repeats.
  await page.getByLabel('Sort by').selectOption('Price: low to high');
  await expect(page).toHaveURL(/sort=price_asc/);
  await expect(cards).toHaveCount(12);
  await page.getByRole('button', { name: 'Load More Doctors' }).click();
  await expect(cards).toHaveCount(24);
  const fees = (await page.getByTestId('doctor-fee').allInnerTexts()).map(dollars);
  expect(fees).toEqual([...fees].sort((a, b) => a - b));
  const names = await cards.getByRole('heading').allInnerTexts();
  expect(new Set(names).size).toBe(24);

  // The doctor's page, then Book: a visitor signs in and lands on booking for that doctor.
  const first = cards.first();
  const name = (await first.getByRole('heading').innerText()).trim();
  await first.getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(/\/doctors\/[0-9a-f-]{36}$/);
  const doctorId = page.url().split('/').pop()!;
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Consultation fees')).toBeVisible();
  await page.getByRole('link', { name: 'Book Appointment' }).first().click();
  await expect(page.getByRole('heading', { name: 'Sign in to book your visit' })).toBeVisible();
  await page.getByLabel('Email').fill('patient@example.com');
  await page.getByLabel('Password').fill('medora-demo');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/book-appointment\\?doctorId=${doctorId}$`));
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toHaveCount(0);
});

test('free text in a shared link searches by specialty; an unknown place finds nobody', async ({ page }) => {
  await page.goto('/find-doctors?q=cardio');
  await expect(page.getByLabel('Search', { exact: true })).toHaveValue('cardio');
  const cards = page.getByTestId('doctor-card');
  await expect(cards.first()).toBeVisible();
  for (const text of await cards.allInnerTexts()) expect(text).toContain('Cardiology');

  await page.goto('/doctors?location=Atlantis');
  await expect(page.getByText('No doctors found')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Load More Doctors' })).toHaveCount(0);
});

test('a signed-in patient sees recommended doctors and quick search on home', async ({ page, loginAs }) => {
  await loginAs('patient');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Recommended Doctors' })).toBeVisible();
  await expect(page.getByTestId('doctor-card')).toHaveCount(4);
  await page.getByRole('link', { name: 'Dermatology' }).click();
  await expect(page).toHaveURL(/\/find-doctors\?specialty=Dermatology$/);
  await expect(page.getByLabel('Specialty')).toHaveValue('Dermatology');
});

test('specialties: search by description, and a visitor is asked to log in', async ({ page }) => {
  await page.goto('/specialties');
  await expect(page.getByTestId('specialty-card')).toHaveCount(24);
  await page.getByLabel('Search specialties').fill('SKIN');
  await expect(page.getByTestId('specialty-card')).toHaveCount(1);
  await expect(page.getByTestId('specialty-card')).toContainText('Dermatology');
  await page.getByRole('button', { name: /Connect with Expert/ }).click();
  await expect(page.getByText('Login Required', { exact: true })).toBeVisible();
  await expect(page.getByText('Please login to connect with medical experts.', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fspecialties$/);
});

test('a signed-in user connects with an expert through checkout', async ({ page, loginAs }) => {
  await loginAs('patient');
  await page.goto('/specialties');
  await page.getByRole('button', { name: 'Connect with Expert in Cardiology' }).click();
  await expect(page).toHaveURL(/\/checkout\?specialty=Cardiology&fee=180$/);
});

test('Find Doctors arrives drawn without a query, and the app takes it over and searches', async ({ page }) => {
  // Decision 114: like the home page, the screen's markup comes with the page and the scripts after
  // the first paint; the search starts once the app has taken the drawn screen over. (The fixture
  // fails the test on any console error: a refused inline script, a failed hydration.)
  const release = await openWithEntryHeld(page, '/find-doctors');
  await expect(page.getByRole('heading', { level: 1, name: 'Find Doctors' })).toBeVisible();
  await expect(page.getByText('Search verified doctors by specialty, place and fee.')).toBeVisible();
  await expect(page.getByTestId('doctor-card')).toHaveCount(0);
  await rememberDrawnHeading(page);

  release();
  await expect(page.getByTestId('doctor-card').first()).toBeVisible();
  const { kept, paint, entry } = await takenOver(page);
  expect(kept).toBe(true);
  expect(entry).toBeGreaterThan(paint!);
  await page.getByLabel('Max fee').selectOption({ index: 4 });
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/priceRange=0-\d+/);

  // A query may change the first render (the filters), so such a page comes undrawn.
  const withQuery = await (await page.request.get('/find-doctors?priceRange=100-200')).text();
  expect(withQuery).toContain('<div id="root"></div>');
  const plain = await (await page.request.get('/find-doctors')).text();
  expect(plain).not.toContain('<div id="root"></div>');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a name finds that doctor; the filters fold behind one button and the first doctor is on the first screen', async ({
    page,
  }) => {
    await page.goto('/find-doctors');
    // Folded: the search box and the Filters button, the count beside it, the first doctor in view.
    await expect(page.getByLabel('Specialty')).toBeHidden();
    const filters = page.getByRole('button', { name: 'Filters' });
    await expect(filters).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByText(/^Showing /)).toBeVisible();
    await expect(page.getByTestId('doctor-card').first()).toBeInViewport();

    await page.getByLabel('Search', { exact: true }).fill('Dr. okafor');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/q=Dr\.\+okafor/);
    const cards = page.getByTestId('doctor-card');
    // The unfiltered list starts with an Okafor too: wait until every card is one, not only the first.
    await expect
      .poll(async () => (await cards.getByRole('heading').allTextContents()).filter((n) => !/Okafor$/.test(n)))
      .toEqual([]);
    await expect(cards.first()).toContainText('Okafor');
    await expect(cards.first()).toBeInViewport();

    // Unfolded, the six fields; a chosen one is counted on the button, and Search folds them again.
    await filters.click();
    await expect(filters).toHaveAttribute('aria-expanded', 'true');
    await page.getByLabel('Max fee').selectOption({ index: 4 });
    await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByLabel('Max fee')).toBeHidden();
  });
});
