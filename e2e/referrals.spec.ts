import type { Page } from '@playwright/test';
import { formatMoney } from '../common/i18n/format';
import { dateInDays } from './clock';
import { expect, test, verifyThroughDemoInbox } from './fixtures';

async function bookAndOpenCheckout(page: Page, doctorId: string, days: number, reason: string) {
  await page.goto(`/book-appointment?doctorId=${doctorId}`);
  await expect(page.getByRole('heading', { name: 'Book Appointment' })).toBeVisible();
  await page.getByRole('radio', { name: /Video Call/ }).click();
  await page.getByLabel('Date').fill(dateInDays(days));
  await page.getByRole('radiogroup', { name: 'Available times' }).locator('button:not([disabled])').first().click();
  await page.getByLabel('Reason for visit').fill(reason);
  await page.getByRole('button', { name: 'Review Booking' }).click();
  await page.getByRole('button', { name: 'Book Appointment' }).click();
  await expect(page).toHaveURL(/\/checkout\?appointmentId=/);
  await expect(page.getByRole('heading', { name: 'Complete Payment' })).toBeVisible();
}

async function payByCard(page: Page) {
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('1234');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Postcode').fill('10001');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByText('Payment Successful', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/appointments$/);
}

// The reward itself waits for the friend's consultation to take place and for the refund window
// (server/src/modules/referrals/rewards.test.ts moves the clock for that); here the referrer sees it
// pending, and an administrator's goodwill credit is what the wallet spends.
test('a friend joins through a referral link and pays; a goodwill credit pays part of the next visit', async ({
  page,
  browser,
  loginAs,
}) => {
  await loginAs('patient');
  const summary = await (await page.request.get('/api/referrals/summary')).json();
  const startBalance = summary.walletBalance as number;
  const doctorId = (await (await page.request.get('/api/appointments/patient')).json())[0].doctorId as string;

  // The friend, in a browser of their own.
  const friendContext = await browser.newContext();
  const friend = await friendContext.newPage();
  const email = `friend-${Date.now()}@example.com`;
  await friend.goto(`/signup?ref=${summary.referralCode}`);
  await friend.getByRole('link', { name: 'Sign Up as a Patient' }).click();
  await expect(friend).toHaveURL(/\/login/);
  await expect(friend.getByRole('heading', { name: 'Create your Medora account' })).toBeVisible();
  await friend.getByLabel('First name').fill('Rosa');
  await friend.getByLabel('Last name').fill('Lind');
  await friend.getByLabel('Email').fill(email);
  await friend.getByLabel('Password').fill('a long enough password');
  await friend.getByRole('button', { name: 'Create Account' }).click();

  await expect(friend).toHaveURL(/\/join-patients$/);
  await expect(friend.getByText('Step 1 of 3')).toBeVisible();
  await expect(friend.getByText('33% complete')).toBeVisible();
  await friend.getByLabel('Date of birth *').fill('1990-04-21');
  await friend.getByLabel('Gender *').selectOption('female');
  await friend.getByLabel('Phone number *').fill('+1 555 010 2030');
  await friend.getByRole('button', { name: 'Next' }).click();
  await expect(friend.getByText('Step 2 of 3')).toBeVisible();
  await friend.getByLabel('Address *').fill('12 Elm Street');
  await friend.getByLabel('City *').fill('Springfield');
  await friend.getByLabel('Country *').fill('United States');
  await friend.getByLabel('Contact name *').fill('Sam Lind');
  await friend.getByLabel('Contact phone *').fill('+1 555 010 9999');
  await friend.getByLabel('Relationship *').selectOption('sibling');
  await friend.getByRole('button', { name: 'Next' }).click();
  await expect(friend.getByText('100% complete')).toBeVisible();
  await friend.getByLabel('Allergies').fill('Penicillin');
  const create = friend.getByRole('button', { name: 'Create Profile' });
  await expect(create).toBeDisabled();
  await expect(friend.getByText('Agree to the terms above to create your profile.')).toBeVisible();
  await friend.getByRole('checkbox').check();
  await create.click();
  await expect(friend.getByText('Welcome to Medora!', { exact: true })).toBeVisible();
  await expect(friend).toHaveURL(/\/$/);

  await verifyThroughDemoInbox(friend.request);
  await bookAndOpenCheckout(friend, doctorId, 24, 'Seasonal allergies');
  await payByCard(friend);
  await friendContext.close();

  // The referrer sees the referral waiting for the friend's visit.
  await page.goto('/referrals');
  const row = page.getByRole('list', { name: 'Your referrals' }).getByRole('listitem').filter({ hasText: email });
  await expect(row.getByText('Pending', { exact: true })).toBeVisible();
  await expect(row.getByText('Potential reward $25', { exact: true })).toBeVisible();
  await expect(page.getByTestId('wallet-balance')).toHaveText(formatMoney(startBalance, 'en'));

  // An administrator credits the referrer's wallet from the console, with a reason.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const adminLogin = await admin.request.post('/api/auth/login', {
    data: { email: 'admin@example.com', password: 'medora-demo' },
  });
  expect(adminLogin.status()).toBe(200);
  await admin.goto('/admin');
  await admin.getByRole('tab', { name: 'Users' }).click();
  await admin.getByRole('searchbox', { name: 'Search users by name or email' }).fill('patient@example.com');
  await admin.getByRole('button', { name: 'Credit wallet of Paula Patel' }).click();
  await admin.getByLabel('Amount in US dollars').fill('25.00');
  await admin.getByLabel('Reason').fill('Thank you for bringing a friend');
  await admin.getByRole('button', { name: 'Credit Wallet' }).click();
  await expect(admin.getByText('Wallet Credited', { exact: true })).toBeVisible();
  await adminContext.close();

  await page.reload();
  await expect(page.getByTestId('wallet-balance')).toHaveText(formatMoney(startBalance + 2500, 'en'));
  await expect(page.getByText('Thank you for bringing a friend')).toBeVisible();

  // ...and spends it on part of a consultation.
  await bookAndOpenCheckout(page, doctorId, 25, 'Follow-up on blood pressure');
  const full = await page.getByText(/^Pay \$[\d,.]+ for your consultation$/).innerText();
  await page.getByRole('checkbox', { name: /Use my wallet balance/ }).check();
  await expect(page.getByText(/from your wallet, \$[\d,.]+ by card/)).toBeVisible();
  await expect(page.getByText(/^Pay \$[\d,.]+ for your consultation$/)).not.toHaveText(full);
  await payByCard(page);
  const wallet = await (await page.request.get('/api/wallet')).json();
  expect(wallet.balance).toBe(0);
});
