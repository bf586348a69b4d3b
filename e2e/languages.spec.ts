import { severeFindings } from './axe';
import { settleTracker } from './settled';
import { expect, test } from './fixtures';

/**
 * Issue 28's first screens in Spanish and Arabic: the language comes from Accept-Language on a
 * first visit, the switch changes it (right to left for Arabic) and a reload keeps it; a signed-in
 * person's choice is kept on the account. axe finds nothing serious or critical in either language
 * on a phone.
 */
const CONVERTED = ['/', '/find-doctors', '/login', '/signup'];
test.use({ locale: 'es-ES' });

test('a Spanish visitor sees Spanish, switches to Arabic (right to left), and a reload keeps it', async ({ page }) => {
  const response = await page.goto('/');
  // Written by the server before the first paint, so nothing flips once the script runs.
  expect(await response!.text()).toMatch(/<html lang="es" dir="ltr" data-language="es"[ >]/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Atención de médicos de confianza, esté donde esté');
  await expect(page.getByRole('link', { name: 'Buscar médicos' }).first()).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');

  await page.getByLabel('Idioma').selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('رعاية من أطباء موثوقين أينما كنت');

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('رعاية من أطباء موثوقين أينما كنت');
  await expect(page.getByLabel('اللغة')).toHaveValue('ar');
});

test("a form's errors name their own field, in Spanish and in English (the schemas' English is compiled for the browser)", async ({
  page,
}) => {
  await page.goto('/login');
  const cases = [
    {
      switchTo: null,
      first: 'Nombre',
      last: 'Apellidos',
      tooLong: 'Nombre: el texto es demasiado largo',
      missing: 'Apellidos: campo obligatorio',
    },
    {
      switchTo: 'en',
      first: 'First name',
      last: 'Last name',
      tooLong: 'First name is too long',
      missing: 'Last name is required',
    },
  ];
  for (const { switchTo, first, last, tooLong, missing } of cases) {
    if (switchTo) await page.getByLabel('Idioma').selectOption(switchTo);
    await page.getByRole('tab').nth(1).click();
    const form = page.getByRole('tabpanel');
    await form.getByLabel(first, { exact: true }).fill('x'.repeat(90));
    await form.getByLabel(last, { exact: true }).fill('');
    await form.locator('button[type=submit]').click();
    // Each message under its own field: once they all said the last field the schemas had named.
    await expect(form.getByText(tooLong, { exact: true })).toBeVisible();
    await expect(form.getByText(missing, { exact: true })).toBeVisible();
    await expect(form.getByText(/\{label\}/)).toHaveCount(0);
  }
});

test("a screen's own texts arrive with it, follow the switch, and name the tab", async ({ page }) => {
  // The not-found screen's texts are a screen area of their own (decision 062), not in the first chunk.
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Página no encontrada');
  await expect(page).toHaveTitle('Página no encontrada · Medora');
  await page.getByLabel('Idioma').selectOption('ar');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('الصفحة غير موجودة');
  await expect(page).toHaveTitle('الصفحة غير موجودة · Medora');
});

test('find doctors in Spanish: a country typed in Spanish, shown in Spanish, and the language filter', async ({
  page,
}) => {
  await page.goto('/find-doctors?q=Egipto');
  const first = page.getByTestId('doctor-card').first();
  await expect(first).toContainText('Egipto');
  // Options are named in Spanish and sorted by those names; the value stays the English name.
  const filter = page.locator('#fd-language');
  const arabic = await filter.locator('option', { hasText: /^Árabe \(\d+\)$/ }).getAttribute('value');
  expect(arabic).toBe('Arabic');
  await filter.selectOption('Arabic');
  await expect(page).toHaveURL(/language=Arabic/);
  await expect(page.getByTestId('doctor-card').first()).toContainText('Egipto');
});

test('find doctors in Arabic: plurals and amounts in the locale', async ({ page, context }) => {
  await context.addCookies([{ name: 'medora_lang', value: 'ar', domain: '127.0.0.1', path: '/' }]);
  await page.goto('/find-doctors');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('البحث عن طبيب');
  await expect(page.getByText(/^عرض /)).toBeVisible();
  const fee = page.getByTestId('doctor-fee').first();
  await expect(fee).toHaveText(/^\u2066?\d+(\.\d\d)?\sUS\$\u2069?$/);
  await page.getByRole('searchbox', { name: 'بحث' }).fill('zzzz-no-such-place');
  await page.getByRole('button', { name: 'بحث', exact: true }).click();
  await expect(page.getByText('لم يُعثر على أطباء')).toBeVisible();
});

// At a phone's width: accessibility.spec.ts checks every role's main screens in both languages at 1280 px.
test('no serious or critical axe finding on the first screens in Spanish and Arabic at 390 px', async ({
  page,
  context,
}) => {
  test.setTimeout(200_000);
  const findings: string[] = [];
  const settled = settleTracker(page);
  await page.setViewportSize({ width: 390, height: 844 });
  for (const language of ['es', 'ar']) {
    await context.clearCookies();
    await context.addCookies([{ name: 'medora_lang', value: language, domain: '127.0.0.1', path: '/' }]);
    for (const path of CONVERTED) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
      await settled();
      for (const f of await severeFindings(page)) findings.push(`${language} ${path} @390: ${f}`);
    }
  }
  expect(findings).toEqual([]);
});

test('a signed-in choice is kept on the account and follows the person to another browser', async ({
  page,
  browser,
  signUpPatient,
}) => {
  const person = await signUpPatient();
  await page.goto('/');
  // Signed in, the language is in the user menu (the role's links need the navbar's width).
  await page.getByRole('button', { name: /Menú de la cuenta/ }).click();
  await page.getByRole('menuitemradio', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect.poll(async () => (await (await page.request.get('/api/auth/user')).json()).language).toBe('ar');

  // Another browser, in English, with no cookie: after signing in the account's language wins.
  const other = await browser.newContext({ locale: 'en-US' });
  const tab = await other.newPage();
  const signIn = await tab.request.post('/api/auth/login', {
    data: { email: person.email, password: 'a-strong-password' },
  });
  expect(signIn.status()).toBe(200);
  await tab.goto('/find-doctors');
  await expect(tab.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(tab.getByRole('heading', { level: 1 })).toHaveText('البحث عن طبيب');
  await other.close();
});
