import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../common/schemas/meta';

export type Role = 'patient' | 'doctor' | 'admin';

/**
 * `loginAs` signs in through the API (the cookie lands in the page's context), so tests that are
 * not about the sign-in form do not click through it. Every test fails on a console error.
 */
export const test = base.extend<{
  loginAs: (role: Role) => Promise<void>;
  signUpPatient: (request?: APIRequestContext) => Promise<{ firstName: string; lastName: string; email: string }>;
  consoleErrors: string[];
  failureReport: void;
}>({
  // CI keeps no artefacts: a failed test prints what its page showed, or that the page had stopped
  // answering (a busy main thread), so a failure seen only there can still be told apart.
  failureReport: [
    async ({ page }, use, testInfo) => {
      await use();
      if (testInfo.status === testInfo.expectedStatus || page.isClosed()) return;
      const shown = page.evaluate(() => document.body.innerText.replace(/\n+/g, ' | ').slice(0, 1500));
      const silent = new Promise<string>((resolve) => setTimeout(() => resolve('(no answer in 5 s)'), 5000));
      const text = await Promise.race([shown, silent]).catch((error: Error) => `(${error.message})`);
      console.log(`page at failure: ${page.url()}\n  viewport ${JSON.stringify(page.viewportSize())}\n  text: ${text}`);
    },
    { auto: true },
  ],
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() !== 'error') return;
        // A visitor's user check answers 401 by design, as does a wrong password.
        const expected401 =
          msg.text().includes('status of 401') && /\/api\/auth\/(user|login)$/.test(msg.location().url);
        if (!expected401) errors.push(`${msg.text()} (${msg.location().url})`);
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
  // A test that leaves a booking unpaid does so as a patient of its own: the demo patient may hold
  // only MAX_UNPAID_BOOKINGS at a time, so a hold left behind would fail every later booking test.
  signUpPatient: async ({ page }, use) => {
    await use(async (request = page.request) => {
      const person = {
        firstName: 'Noor',
        lastName: 'Haddad',
        email: `noor-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`,
      };
      const res = await request.post('/api/auth/register', {
        data: { ...person, password: 'a-strong-password', userType: 'patient' },
      });
      expect(res.status()).toBe(201);
      await verifyThroughDemoInbox(request);
      return person;
    });
  },
  loginAs: async ({ page }, use) => {
    await use(async (role: Role) => {
      const account = DEMO_ACCOUNTS.find((a) => a.userType === role)!;
      const res = await page.request.post('/api/auth/login', {
        data: { email: account.email, password: account.password },
      });
      expect(res.status()).toBe(200);
    });
  },
});

export { expect };

/**
 * Follows the verification link of a new account as its owner would, reading it from the demo
 * inbox (demo mode keeps the mail there). `request` carries the account's session.
 */
export async function verifyThroughDemoInbox(request: APIRequestContext): Promise<void> {
  let token: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await request.get('/api/emails/mine')).json()) as { textBody: string }[];
        token = mails.map((m) => /\/verify-email\?token=([\w%-]+)/.exec(m.textBody)?.[1]).find(Boolean);
        return token;
      },
      { message: 'the verification e-mail in the demo inbox', timeout: 15_000 },
    )
    .toBeTruthy();
  const res = await request.post('/api/auth/email/verify', { data: { token: decodeURIComponent(token!) } });
  expect(res.status()).toBe(200);
}

export async function mainNavLinks(page: Page): Promise<string[]> {
  // The links appear once the user check has answered; allInnerTexts() alone does not wait.
  const links = page.getByRole('navigation', { name: 'Main' }).getByRole('link');
  await links.first().waitFor();
  return links.allInnerTexts();
}

/**
 * Pays an appointment by the test card through the API, as the checkout page would (a payment
 * intent, the simulated card, the confirmation), for journeys whose subject is not the payment form.
 */
export async function payByCardThroughApi(request: APIRequestContext, appointmentId: string): Promise<void> {
  const intent = await (await request.post('/api/payments/create-intent', { data: { appointmentId } })).json();
  const card = await (
    await request.post('/api/payments/simulated/confirm-card', {
      data: {
        clientSecret: intent.clientSecret,
        card: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', postcode: '10001' },
      },
    })
  ).json();
  expect(card.error).toBeNull();
  const paid = await request.post('/api/payments/confirm', { data: { paymentIntentId: card.paymentIntentId } });
  expect(paid.status()).toBe(200);
}
