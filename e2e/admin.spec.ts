import type { APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD } from '../common/schemas/meta';
import { dateInDays } from './clock';
import { expect, payByCardThroughApi, test, verifyThroughDemoInbox } from './fixtures';

/**
 * The administrator's console end to end: an application approved, a pending doctor verified into
 * search, the platform fee changed and applied to the next paid booking, a payout marked paid and
 * seen paid on the doctor's dashboard.
 */

async function signIn(request: APIRequestContext, email: string) {
  const res = await request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
}

test('approve an application and verify a pending doctor into search', async ({
  page,
  loginAs,
  playwright,
  baseURL,
}) => {
  const suffix = Date.now().toString(36);
  const anon = await playwright.request.newContext({ baseURL });
  const email = `applicant-${suffix}@example.com`;
  const applied = await anon.post('/api/doctor-applications', {
    data: {
      firstName: 'Imani',
      lastName: `Applicant${suffix}`,
      email,
      phone: '+1 555 0100',
      specialty: 'Cardiology',
      licenseNumber: 'NY-1234',
      yearsOfExperience: '6-10',
      consultationFee: '150',
      languages: ['English'],
      aboutMe: 'Cardiologist.',
      agreedToTerms: true,
    },
  });
  expect(applied.status()).toBe(201);

  // A doctor who published a profile and waits for verification.
  const lastName = `Pending${suffix}`;
  const city = `Verifyville ${suffix}`;
  const doctor = await playwright.request.newContext({ baseURL });
  const registered = await doctor.post('/api/auth/register', {
    data: {
      email: `doc-${suffix}@example.com`,
      password: 'a-long-password-1',
      firstName: 'Noor',
      lastName,
      userType: 'doctor',
    },
  });
  expect(registered.status()).toBe(201);
  await verifyThroughDemoInbox(doctor);
  const saved = await doctor.put('/api/doctors/profile', {
    data: {
      specialty: 'Cardiology',
      experience: 10,
      location: city,
      country: 'United States',
      timeZone: 'America/New_York',
      about: 'Heart health.',
      languages: ['English'],
      education: 'MD',
      medicalSchool: 'State Medical School',
      licenseNumber: 'NY-5678',
      consultationFee: '150',
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  expect((await doctor.post('/api/doctors/profile/publish')).status()).toBe(200);

  await loginAs('admin');
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByText('Total Doctors')).toBeVisible();

  await page.getByRole('tab', { name: 'Applications' }).click();
  await page.getByRole('searchbox', { name: 'Search applicants by name or email' }).fill(email);
  await page.getByRole('button', { name: `Approve Imani Applicant${suffix}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(page.getByText('Application Approved', { exact: true })).toBeVisible();

  await page.getByRole('tab', { name: 'Doctors' }).click();
  await page.getByRole('searchbox', { name: 'Search doctors by name or email' }).fill(lastName);
  const verifySwitch = page.getByRole('switch', { name: `Dr. Noor ${lastName} verified` });
  await expect(verifySwitch).toHaveAttribute('aria-checked', 'false');
  await verifySwitch.click();
  await expect(page.getByText('Doctor Verification Updated', { exact: true })).toBeVisible();
  await expect(verifySwitch).toHaveAttribute('aria-checked', 'true');

  await page.getByRole('tab', { name: 'Audit' }).click();
  await expect(page.getByRole('cell', { name: 'doctor.verify' }).first()).toBeVisible();

  await page.goto(`/find-doctors?location=${encodeURIComponent(city)}`);
  await expect(page.getByText(lastName).first()).toBeVisible();
  await Promise.all([anon.dispose(), doctor.dispose()]);
});

test('a changed platform fee applies to the next paid booking; a payout marked paid shows paid', async ({
  page,
  loginAs,
  playwright,
  baseURL,
}) => {
  await loginAs('admin');
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Settings' }).click();
  const fee = page.getByLabel('Platform fee (%)');
  await expect(fee).toHaveValue('15');
  await fee.fill('20');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Settings Saved', { exact: true })).toBeVisible();
  await page.reload();
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByLabel('Platform fee (%)')).toHaveValue('20');

  const patient = await playwright.request.newContext({ baseURL });
  const doctor = await playwright.request.newContext({ baseURL });
  try {
    await signIn(patient, 'patient@example.com');
    await signIn(doctor, 'doctor@example.com');
    const doctorId = (await (await doctor.get('/api/profile/doctor')).json()).id as string;
    const date = dateInDays(30);
    const availability = await (await patient.get(`/api/doctors/${doctorId}/availability?date=${date}`)).json();
    const slot = availability.slots.find((s: { available: boolean }) => s.available);
    const booked = await patient.post('/api/appointments', {
      data: {
        doctorId,
        appointmentDate: date,
        appointmentTime: slot.label,
        consultationType: 'video',
        reasonForVisit: 'Fee check',
      },
    });
    expect(booked.status()).toBe(201);
    const appointment = await booked.json();
    await payByCardThroughApi(patient, appointment.id);
    const earnings = (await (await doctor.get('/api/doctor/earnings')).json()) as {
      appointmentId: string;
      grossAmount: number;
      platformCommission: number;
    }[];
    const earning = earnings.find((e) => e.appointmentId === appointment.id)!;
    expect(earning.platformCommission).toBe(Math.floor(earning.grossAmount * 0.2));

    // The demo doctor has available earnings: request a payout, then the admin marks it paid.
    const payout = await doctor.post('/api/doctor/payouts', { data: { bankAccountLast4: '6789' } });
    expect(payout.status(), await payout.text()).toBe(201);
    const { amount } = await payout.json();
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Payouts' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Daniel Okafor' }).filter({ hasText: 'Mark paid' }).first();
    await row.getByRole('button', { name: 'Mark paid' }).click();
    await expect(page.getByText('Payout Marked Paid', { exact: true })).toBeVisible();

    await loginAs('doctor');
    await page.goto('/dashboard');
    const payouts = page.getByRole('list', { name: 'Payouts' });
    await expect(payouts.getByText('Paid', { exact: true }).first()).toBeVisible();
    expect(amount).toBeGreaterThan(0);
  } finally {
    const admin = await playwright.request.newContext({ baseURL });
    await signIn(admin, 'admin@example.com');
    const current = await (await admin.get('/api/admin/settings')).json();
    await admin.put('/api/admin/settings', {
      data: { ...current, platformFeePercent: 15, updatedAt: undefined },
    });
    await Promise.all([patient.dispose(), doctor.dispose(), admin.dispose()]);
  }
});
