import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import type { Page } from '@playwright/test';
import {
  startTestProvider,
  TEST_PROVIDER_NAME,
  type TestProvider,
} from '../server/src/test-support/oidc-test-provider';
import { expect, test, verifyThroughDemoInbox } from './fixtures';

/*
 * Signing in with a clinic's identity provider, in Chromium, against a real OpenID Connect provider
 * (oidc-provider) on loopback and a Medora server of its own configured for it.
 */
const PORT = Number(process.env.E2E_OIDC_PORT ?? Number(process.env.E2E_PORT ?? 5310) + 310);
const PROVIDER_PORT = PORT + 1;
const baseURL = `http://127.0.0.1:${PORT}`;
const dataDir = `.data/e2e-oidc-${PORT}`;

let provider: TestProvider;
let server: ChildProcess;

test.use({ baseURL });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const redirectUrl = `${baseURL}/api/auth/oidc/callback`;
  provider = await startTestProvider({ port: PROVIDER_PORT, redirectUrls: [redirectUrl] });
  rmSync(dataDir, { recursive: true, force: true });
  server = spawn('node', ['dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEMO_MODE: 'true',
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      PUBLIC_ORIGIN: baseURL,
      ...provider.env(redirectUrl),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await expect
    .poll(
      async () =>
        fetch(`${baseURL}/api/health`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 150_000 },
    )
    .toBe(200);
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
  await provider?.close();
});

const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** From the sign-in screen through the provider's login and consent pages. */
async function signInAtProvider(page: Page, login: string) {
  await page.getByRole('button', { name: `Sign in with ${TEST_PROVIDER_NAME}` }).click();
  await expect(page.getByRole('heading', { name: TEST_PROVIDER_NAME })).toBeVisible();
  await page.getByLabel('Username').fill(login);
  await page.getByLabel('Password').fill('the clinic password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Allow' }).click();
}

test('a new person signs in with the clinic, chooses patient once, and is signed in', async ({ page }) => {
  const login = unique('rosa');
  provider.addAccount({
    login,
    email: `${login}@riverside.example`,
    emailVerified: true,
    givenName: 'Rosa',
    familyName: 'Lind',
  });
  await page.goto('/login');
  await signInAtProvider(page, login);

  await expect(page).toHaveURL(/\/login\/choose-role$/);
  await expect(page.getByRole('heading', { name: 'Choose your account type' })).toBeVisible();
  await expect(page.getByText(`${TEST_PROVIDER_NAME} signed you in as ${login}@riverside.example`)).toBeVisible();
  await page.getByRole('radio', { name: 'Patient' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await expect(page).toHaveURL(`${baseURL}/`);
  const me = await (await page.request.get('/api/auth/user')).json();
  expect(me).toMatchObject({ email: `${login}@riverside.example`, userType: 'patient', emailVerified: true });
  // The new patient's home has answered (a request still on its way when the session ends is refused,
  // 401, and the journey would fail on that console error, not on anything a person sees).
  await expect(page.getByText('No upcoming appointments')).toBeVisible();
  await page.waitForLoadState('networkidle');

  // Signing out ends the clinic's session too, then comes home signed out.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page.getByRole('button', { name: 'Patient Login' })).toBeVisible();
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
});

test('an existing account with a confirmed address is linked by the verified e-mail', async ({ page, browser }) => {
  const login = unique('kim');
  const email = `${login}@riverside.example`;
  // The account exists first, made with a password in another browser, and its address confirmed.
  const other = await browser.newContext({ baseURL });
  const registered = await other.request.post('/api/auth/register', {
    data: { email, password: 'a-strong-password', firstName: 'Kim', lastName: 'Berg', userType: 'patient' },
  });
  expect(registered.status()).toBe(201);
  await verifyThroughDemoInbox(other.request);
  const accountId = (await registered.json()).user.id as string;
  await other.close();

  provider.addAccount({ login, email, emailVerified: true, givenName: 'Kim', familyName: 'Berg' });
  await page.goto('/appointments');
  await expect(page.getByRole('heading', { name: 'Sign in to see your appointments' })).toBeVisible();
  await signInAtProvider(page, login);

  await expect(page).toHaveURL(/\/appointments$/);
  await expect(page.getByRole('heading', { name: 'My Appointments' })).toBeVisible();
  const me = await (await page.request.get('/api/auth/user')).json();
  expect(me.id).toBe(accountId);
});

test('a tampered state is refused with the error, and nobody is signed in', async ({ page }) => {
  const login = unique('eve');
  provider.addAccount({ login, email: `${login}@riverside.example`, emailVerified: true, givenName: 'Eve' });
  // The provider's answer is edited on its way back: its state no longer matches this browser's.
  // Playwright cannot intercept a redirect's target, so the consent form's answer is followed here
  // up to the callback and the browser is sent to an edited copy of it.
  const consent = (url: URL) => url.port === String(PROVIDER_PORT) && url.pathname.endsWith('/confirm');
  await page.route(consent, async (route) => {
    const resume = await route.fetch({ maxRedirects: 0 });
    const back = await page.request.get(new URL(resume.headers().location, provider.issuer).href, { maxRedirects: 0 });
    const callback = new URL(back.headers().location);
    const state = callback.searchParams.get('state')!;
    callback.searchParams.set('state', `${state.slice(0, -1)}${state.endsWith('A') ? 'B' : 'A'}`);
    await route.fulfill({ status: 302, headers: { location: callback.href } });
  });
  await page.goto('/login');
  await signInAtProvider(page, login);

  await expect(page).toHaveURL(/\/login\?oidcError=state$/);
  await expect(page.getByRole('alert')).toHaveText(
    'We could not confirm that this sign-in was started here, so you were not signed in. Please start again.',
  );
  await expect(page.getByRole('button', { name: 'Patient Login' })).toBeVisible();
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
});
