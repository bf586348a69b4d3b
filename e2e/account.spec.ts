import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { startSmtpSink, type SmtpSink } from '../server/src/test-support/smtp-sink';
import { expect, test } from './fixtures';

/*
 * Account journeys against a server of their own that hands mail to a real SMTP server (a sink on
 * loopback), so the links are read from delivered e-mail, not from the app's own outbox.
 */
const PORT = Number(process.env.E2E_ACCOUNT_PORT ?? Number(process.env.E2E_PORT ?? 5310) + 300);
const SMTP_PORT = PORT + 1;
const baseURL = `http://127.0.0.1:${PORT}`;
const dataDir = `.data/e2e-account-${PORT}`;

let sink: SmtpSink;
let server: ChildProcess;

test.use({ baseURL });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // A first start migrates and seeds the demo directory.
  test.setTimeout(180_000);
  sink = await startSmtpSink(SMTP_PORT);
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
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      PUBLIC_ORIGIN: baseURL,
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
  await sink?.close();
});

/** The path and query of the last link to `path` in mail delivered to `to`. */
async function linkIn(to: string, path: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const mail = sink.messages.filter((m) => m.to && JSON.stringify(m.to).includes(to)).reverse();
        link = mail.map((m) => new RegExp(`${path}\\?token=[\\w%-]+`).exec(m.text ?? '')?.[0]).find(Boolean);
        return link;
      },
      { message: `a mail to ${to} with a ${path} link`, timeout: 15_000 },
    )
    .toBeTruthy();
  return link!;
}

async function signUpInForm(page: Page, email: string, password: string) {
  await page.goto('/login?mode=register');
  await page.getByLabel('First name').fill('Ilse');
  await page.getByLabel('Last name').fill('Varga');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

test('sign up, verify from the delivered e-mail, then book and pay', async ({ page }) => {
  const email = `ilse-${Date.now()}@example.com`;
  await signUpInForm(page, email, 'a strong password');

  // Until the link is opened, the screens say so and the server refuses the booking.
  const notice = page.getByRole('region', { name: 'E-mail verification' });
  await expect(notice.getByText('Please verify your e-mail address first.')).toBeVisible();
  const doctors = await (await page.request.get('/api/doctors/search')).json();
  const doctorId = doctors[0].id as string;
  const refused = await page.request.post('/api/appointments', { data: {} });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).code).toBe('email_unverified');

  await page.goto(await linkIn(email, '/verify-email'));
  await expect(page.getByRole('heading', { name: 'E-mail address verified' })).toBeVisible();
  await expect(notice).toHaveCount(0);

  await page.goto(`/book-appointment?doctorId=${doctorId}`);
  await expect(page.getByRole('heading', { name: 'Book Appointment' })).toBeVisible();
  await page.getByRole('radio', { name: /Video Call/ }).click();
  // The page opens on the doctor's first free day. A fixed date 12 days ahead (dateInDays, made
  // for the demo doctor's week) had no free time for this seeded doctor when run on 2026-12-07.
  await expect(page.getByText(/^First free day: /)).toBeVisible();
  await page.getByRole('radiogroup', { name: 'Available times' }).locator('button:not([disabled])').first().click();
  await page.getByLabel('Reason for visit').fill('A cough that will not go away');
  await page.getByRole('button', { name: 'Review Booking' }).click();
  await page.getByRole('button', { name: 'Book Appointment' }).click();
  await expect(page).toHaveURL(/\/checkout\?appointmentId=/);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('1234');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Postcode').fill('10001');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByText('Payment Successful', { exact: true })).toBeVisible();
});

test('forgot password, reset from the e-mail, and the other browser is signed out', async ({ page, browser }) => {
  const email = `reset-${Date.now()}@example.com`;
  await signUpInForm(page, email, 'the old password');

  // The same person, signed in on another device.
  const other = await browser.newContext({ baseURL });
  const otherPage = await other.newPage();
  expect(
    (await otherPage.request.post('/api/auth/login', { data: { email, password: 'the old password' } })).status(),
  ).toBe(200);
  await otherPage.goto('/profile');
  await expect(otherPage.getByRole('heading', { name: 'My Profile' })).toBeVisible();

  const fresh = await browser.newContext({ baseURL });
  const visitor = await fresh.newPage();
  await visitor.goto('/login');
  await visitor.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(visitor).toHaveURL(/\/forgot-password$/);
  await expect(visitor.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await visitor.getByLabel('Email').fill(email);
  await visitor.getByRole('button', { name: 'Send reset link' }).click();
  await expect(visitor.getByText('If an account uses this address')).toBeVisible();

  await visitor.goto(await linkIn(email, '/reset-password'));
  await expect(visitor.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await visitor.getByLabel('New password', { exact: true }).fill('a brand new password');
  await visitor.getByLabel('Repeat the new password').fill('a brand new password');
  await visitor.getByRole('button', { name: 'Set new password' }).click();
  await expect(visitor.getByRole('heading', { name: 'Password changed' })).toBeVisible();

  // The other device's session ended: its next request is not signed in.
  expect((await otherPage.request.get('/api/auth/user')).status()).toBe(401);
  await otherPage.reload();
  await expect(otherPage).toHaveURL(/\/login/);
  // And the person is told.
  await expect
    .poll(() =>
      sink.messages.some(
        (m) => m.subject === 'Your Medora password was changed' && JSON.stringify(m.to).includes(email),
      ),
    )
    .toBe(true);
  await other.close();
  await fresh.close();
});
