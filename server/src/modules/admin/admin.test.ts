import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplication, createDoctor, createPayment, createUser } from '../../db/factories';
import { auditEvents, earnings, notifications, payments, payouts, users } from '../../db/schema';
import { cookieFor, createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';
import { bookableDoctor, paymentFor, payWithCard, pendingBooking } from '../../test-support/booking-fixtures';
import { expectLedgerInvariant } from '../../test-support/ledger-invariant';
import { releaseEarning } from '../earnings/transitions';
import { moveWallet } from '../wallet/moves';
import { EMAIL_EVENTS } from '@common/constants/admin';

let t: TestContext;
let admin: { user: { id: string }; cookie: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t.db, { userType: 'admin', firstName: 'Ada', lastName: 'Admin' });
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT';
async function as(cookie: string, method: Method, url: string, payload?: object) {
  return t.app.inject({ method, url, headers: { cookie }, payload });
}
const adminCall = async (method: Method, url: string, payload?: object) => {
  const res = await as(admin.cookie, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
};
const auditFor = async (targetId: string) =>
  t.db.select().from(auditEvents).where(eq(auditEvents.targetId, targetId)).orderBy(auditEvents.id);

const DEFAULT_SETTINGS = {
  platformFeePercent: 15,
  minConsultationFee: 5000,
  maxConsultationFee: 50000,
  autoVerifyThreshold: null,
  emailEvents: [...EMAIL_EVENTS],
};

describe('admin lists', () => {
  it('stats add up what is in the database', async () => {
    const stats = await adminCall('GET', '/api/admin/stats');
    for (const key of [
      'totalRevenue',
      'paidConsultations',
      'pendingPayments',
      'avgConsultationFee',
      'totalDoctors',
      'totalAppointments',
    ])
      expect(typeof stats[key]).toBe('number');
    const before = stats.totalDoctors;
    await createDoctor(t.db);
    expect((await adminCall('GET', '/api/admin/stats')).totalDoctors).toBe(before + 1);
  });

  it('users are paged, searched by name or e-mail and carry spending', async () => {
    const tag = randomUUID().slice(0, 8);
    const u = await createUser(t.db, { firstName: 'Zelda', lastName: `Quill${tag}`, email: `zq-${tag}@example.com` });
    await createUser(t.db, { firstName: 'Other', lastName: `Quill${tag}` });
    const byName = await adminCall('GET', `/api/admin/users?q=${encodeURIComponent(`zelda quill${tag}`)}`);
    expect(byName.items.map((r: { id: string }) => r.id)).toEqual([u.id]);
    const byEmail = await adminCall('GET', `/api/admin/users?q=ZQ-${tag}`);
    expect(byEmail.items[0]).toMatchObject({ id: u.id, walletBalance: 0, totalSpent: 0, isActive: true });
    // In one transaction, as the product moves money: the database checks the wallet against its ledger at commit.
    await t.db.transaction((tx) =>
      moveWallet(tx, { userId: u.id, amount: 2500, reason: 'referral_reward' }, new Date()),
    );
    const credited = await adminCall('GET', `/api/admin/users?q=ZQ-${tag}`);
    expect(credited.items[0]).toMatchObject({ id: u.id, walletBalance: 2500 });
    const both = await adminCall('GET', `/api/admin/users?q=quill${tag}&pageSize=1&sort=name&dir=asc`);
    expect(both.total).toBe(2);
    expect(both.items).toHaveLength(1);
    const page2 = await adminCall('GET', `/api/admin/users?q=quill${tag}&pageSize=1&page=2&sort=name&dir=asc`);
    expect(page2.items[0].id).not.toBe(both.items[0].id);
  });

  it('a broad search counts every match and pages through them in order', async () => {
    const tag = `Broad${randomUUID().slice(0, 6)}`;
    const base = Date.parse('2026-01-01T00:00:00Z');
    await t.db.insert(users).values(
      Array.from({ length: 1_010 }, (_, i) => ({
        email: `${tag.toLowerCase()}-${i}@example.com`,
        firstName: 'Many',
        lastName: tag,
        createdAt: new Date(base + i * 60_000),
      })),
    );
    const first = await adminCall('GET', `/api/admin/users?q=${tag}&pageSize=20`);
    expect(first).toMatchObject({ total: 1010, totalCapped: false });
    expect(first.items.map((r: { email: string }) => r.email).slice(0, 2)).toEqual([
      `${tag.toLowerCase()}-1009@example.com`,
      `${tag.toLowerCase()}-1008@example.com`,
    ]);
    const last = await adminCall('GET', `/api/admin/users?q=${tag}&pageSize=20&dir=asc&page=2`);
    expect(last.items[0].email).toBe(`${tag.toLowerCase()}-20@example.com`);
    const narrow = await adminCall('GET', `/api/admin/users?q=${tag.toLowerCase()}-100&pageSize=5&sort=email&dir=asc`);
    // -100, -1000 … -1009: eleven matches ('@' sorts after digits)
    expect(narrow).toMatchObject({ total: 11, totalCapped: false });
    expect(narrow.items.map((r: { email: string }) => r.email.split('@')[0].split('-')[1])).toEqual([
      '1000',
      '1001',
      '1002',
      '1003',
      '1004',
    ]);
    const beyond = await adminCall('GET', `/api/admin/users?q=${tag.toLowerCase()}-100&pageSize=5&page=9`);
    expect(beyond).toMatchObject({ items: [], total: 11, totalCapped: false });
  });

  it('refuses bad list parameters with field messages', async () => {
    const res = await as(admin.cookie, 'GET', '/api/admin/users?pageSize=1000&sort=nope');
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toMatch(/pageSize/);
    expect((await as(admin.cookie, 'GET', '/api/admin/doctors?page=0')).statusCode).toBe(400);
    expect((await as(admin.cookie, 'GET', '/api/admin/payments?status=weird')).statusCode).toBe(400);
  });

  it('doctors are searched by the doctor name and carry completeness', async () => {
    const tag = randomUUID().slice(0, 8);
    const { doctor } = await createDoctor(t.db, {
      user: { lastName: `Hart${tag}` },
      doctor: { profileCompleteness: 82 },
    });
    const page = await adminCall('GET', `/api/admin/doctors?q=hart${tag}`);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ id: doctor.id, profileCompleteness: 82, user: { lastName: `Hart${tag}` } });
    // The account's new name and e-mail are what the search finds from then on.
    await t.db
      .update(users)
      .set({ lastName: `Stone${tag}`, email: `stone-${tag}@example.com` })
      .where(eq(users.id, doctor.userId));
    expect((await adminCall('GET', `/api/admin/doctors?q=hart${tag}`)).items).toEqual([]);
    const renamed = await adminCall('GET', `/api/admin/doctors?q=STONE${tag}&sort=name`);
    expect(renamed.items.map((r: { id: string }) => r.id)).toEqual([doctor.id]);
    const byEmail = await adminCall('GET', `/api/admin/doctors?q=stone-${tag}@exa&sort=fee`);
    expect(byEmail).toMatchObject({
      total: 1,
      items: [{ id: doctor.id, user: { email: `stone-${tag}@example.com` } }],
    });
  });
});

describe('user toggles', () => {
  it('deactivating ends the live session, blocks sign-in and is audited; reactivating restores', async () => {
    const email = `deact-${randomUUID().slice(0, 8)}@example.com`;
    const user = await createUser(t.db, { email, password: 'medora-demo-pw' });
    const cookie = await cookieFor(t.db, user);
    expect((await as(cookie, 'GET', '/api/auth/user')).statusCode).toBe(200);
    const row = await adminCall('PUT', `/api/admin/users/${user.id}/status`, { isActive: false });
    expect(row.isActive).toBe(false);
    expect((await as(cookie, 'GET', '/api/auth/user')).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'medora-demo-pw' },
    });
    expect(login.statusCode).toBeGreaterThanOrEqual(400);
    await adminCall('PUT', `/api/admin/users/${user.id}/status`, { isActive: true });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'medora-demo-pw' },
    });
    expect(again.statusCode).toBe(200);
    const trail = await auditFor(user.id);
    expect(trail.map((e) => [e.action, e.after])).toEqual([
      ['user.status', { isActive: false }],
      ['user.status', { isActive: true }],
    ]);
    expect(trail[0].actorId).toBe(admin.user.id);
  });

  it('verify toggles both ways and persists', async () => {
    const user = await createUser(t.db);
    expect((await adminCall('PUT', `/api/admin/users/${user.id}/verify`, { isVerified: true })).isVerified).toBe(true);
    const [stored] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(stored.isVerified).toBe(true);
    expect((await adminCall('PUT', `/api/admin/users/${user.id}/verify`, { isVerified: false })).isVerified).toBe(
      false,
    );
    expect((await auditFor(user.id)).map((e) => e.action)).toEqual(['user.verify', 'user.verify']);
  });

  it('an admin cannot deactivate themselves or the last active admin', async () => {
    const self = await as(admin.cookie, 'PUT', `/api/admin/users/${admin.user.id}/status`, { isActive: false });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toMatch(/your own account/);
    // Deactivate every other admin, then a second admin tries to deactivate the first.
    const other = await signedInUser(t.db, { userType: 'admin' });
    const admins = await t.db.select().from(users).where(eq(users.userType, 'admin'));
    for (const a of admins)
      if (a.id !== admin.user.id && a.id !== other.user.id)
        await t.db.update(users).set({ isActive: false }).where(eq(users.id, a.id));
    expect(
      (await as(other.cookie, 'PUT', `/api/admin/users/${admin.user.id}/status`, { isActive: false })).statusCode,
    ).toBe(200);
    const last = await as(other.cookie, 'PUT', `/api/admin/users/${other.user.id}/status`, { isActive: false });
    expect(last.statusCode).toBe(400);
    await t.db.update(users).set({ isActive: true }).where(eq(users.id, admin.user.id));
    admin.cookie = await cookieFor(t.db, admin.user);
    const lastOther = await as(admin.cookie, 'PUT', `/api/admin/users/${admin.user.id}/status`, { isActive: false });
    expect(lastOther.statusCode).toBe(400);
  });

  it('refuses a body without the flag and unknown ids', async () => {
    const user = await createUser(t.db);
    const bad = await as(admin.cookie, 'PUT', `/api/admin/users/${user.id}/status`, { isActive: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(
      (await as(admin.cookie, 'PUT', `/api/admin/users/${randomUUID()}/status`, { isActive: false })).statusCode,
    ).toBe(404);
    expect(
      (await as(admin.cookie, 'PUT', `/api/admin/users/${randomUUID()}/verify`, { isVerified: true })).statusCode,
    ).toBe(404);
    expect((await as(admin.cookie, 'PUT', `/api/admin/users/not-a-uuid/verify`, { isVerified: true })).statusCode).toBe(
      400,
    );
  });
});

describe('doctor toggles', () => {
  it('a deactivated doctor (or their deactivated account) leaves search at once; verifying brings one in', async () => {
    const country = `Adminland ${randomUUID().slice(0, 8)}`;
    const { doctor, user } = await createDoctor(t.db, { doctor: { country, isVerified: false, isActive: true } });
    const found = async () =>
      (
        (await t.app.inject({ url: `/api/doctors/search?country=${encodeURIComponent(country)}` })).json() as {
          id: string;
        }[]
      ).map((d) => d.id);
    expect(await found()).toEqual([]);
    await adminCall('PUT', `/api/admin/doctors/${doctor.id}/verify`, { isVerified: true });
    expect(await found()).toEqual([doctor.id]);
    await adminCall('PUT', `/api/admin/doctors/${doctor.id}/status`, { isActive: false });
    expect(await found()).toEqual([]);
    await adminCall('PUT', `/api/admin/doctors/${doctor.id}/status`, { isActive: true });
    expect(await found()).toEqual([doctor.id]);
    await adminCall('PUT', `/api/admin/users/${user.id}/status`, { isActive: false });
    expect(await found()).toEqual([]);
    expect((await auditFor(doctor.id)).map((e) => e.action)).toEqual([
      'doctor.verify',
      'doctor.status',
      'doctor.status',
    ]);
  });
});

describe('settings', () => {
  it('starts at the defaults, validates, saves, is audited and is read back', async () => {
    expect(await adminCall('GET', '/api/admin/settings')).toMatchObject(DEFAULT_SETTINGS);
    const bad = await as(admin.cookie, 'PUT', '/api/admin/settings', {
      ...DEFAULT_SETTINGS,
      platformFeePercent: 80,
      emailEvents: ['nope'],
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toMatch(/platformFeePercent.*emailEvents/);
    const crossed = await as(admin.cookie, 'PUT', '/api/admin/settings', {
      ...DEFAULT_SETTINGS,
      minConsultationFee: 60000,
    });
    expect(crossed.statusCode).toBe(400);
    expect(JSON.stringify(crossed.json())).toMatch(/maxConsultationFee/);
    const saved = await adminCall('PUT', '/api/admin/settings', {
      ...DEFAULT_SETTINGS,
      platformFeePercent: 20,
      emailEvents: ['payout_paid', 'user_registered'],
    });
    expect(saved).toMatchObject({ platformFeePercent: 20, emailEvents: ['payout_paid', 'user_registered'] });
    expect(await adminCall('GET', '/api/admin/settings')).toMatchObject({ platformFeePercent: 20 });
    const [event] = (await auditFor('1')).filter((e) => e.action === 'settings.update').slice(-1);
    expect(event.before).toEqual({ platformFeePercent: 15, emailEvents: [...EMAIL_EVENTS] });
    expect(event.after).toEqual({ platformFeePercent: 20, emailEvents: ['payout_paid', 'user_registered'] });
    await adminCall('PUT', '/api/admin/settings', DEFAULT_SETTINGS);
  });

  it("the fee percent becomes the next earning's commission", async () => {
    await adminCall('PUT', '/api/admin/settings', { ...DEFAULT_SETTINGS, platformFeePercent: 10 });
    try {
      const { patient, appointment } = await pendingBooking(t.app, t.db, '09:00 AM', 11);
      await payWithCard(t.app, patient.cookie, appointment.id);
      const [earning] = await t.db.select().from(earnings).where(eq(earnings.appointmentId, appointment.id));
      expect(earning.grossAmount).toBe(15000);
      expect(earning.platformCommission).toBe(1500);
      expect(earning.netEarnings).toBe(13500);
    } finally {
      await adminCall('PUT', '/api/admin/settings', DEFAULT_SETTINGS);
    }
  });

  it("the fee bounds limit the next profile save's fees", async () => {
    const { cookie } = await bookableDoctor(t.db);
    const save = (fee: string) => as(cookie, 'PUT', '/api/doctors/profile', { consultationFee: fee });
    expect((await save('600')).statusCode).toBe(400);
    await adminCall('PUT', '/api/admin/settings', { ...DEFAULT_SETTINGS, maxConsultationFee: 80000 });
    try {
      expect((await save('600')).statusCode).toBe(200);
      await adminCall('PUT', '/api/admin/settings', { ...DEFAULT_SETTINGS, minConsultationFee: 20000 });
      const low = await save('150');
      expect(low.statusCode).toBe(400);
      expect(low.json().message).toBe('Fees must be between $200 and $500');
    } finally {
      await adminCall('PUT', '/api/admin/settings', DEFAULT_SETTINGS);
    }
  });

  it('auto-verify verifies a published profile at or above the threshold, and only then', async () => {
    const publish = async (completeness: number) => {
      const { user, doctor } = await createDoctor(t.db, {
        doctor: {
          isVerified: false,
          profileStatus: 'draft',
          consultationFee: 15000,
          profileCompleteness: completeness,
        },
      });
      const cookie = await cookieFor(t.db, user);
      const res = await as(cookie, 'POST', '/api/doctors/profile/publish');
      expect(res.statusCode, res.body).toBe(200);
      return { res: res.json(), doctor };
    };
    const off = await publish(100);
    expect(off.res.isVerified).toBe(false);
    await adminCall('PUT', '/api/admin/settings', { ...DEFAULT_SETTINGS, autoVerifyThreshold: 90 });
    try {
      const on = await publish(100);
      expect(on.res).toMatchObject({ isVerified: true, profileStatus: 'verified' });
      expect((await auditFor(on.doctor.id)).map((e) => e.action)).toEqual(['doctor.auto_verify']);
      const below = await publish(85);
      expect(below.res.isVerified).toBe(false);
    } finally {
      await adminCall('PUT', '/api/admin/settings', DEFAULT_SETTINGS);
    }
  });
});

async function paidBooking(time: string, days = 12) {
  const booking = await pendingBooking(t.app, t.db, time, days);
  await payWithCard(t.app, booking.patient.cookie, booking.appointment.id);
  const payment = await paymentFor(t.db, booking.appointment.id);
  return { ...booking, payment };
}

describe('payments', () => {
  it('lists payments with parties and opens the detail', async () => {
    const { payment, patient } = await paidBooking('10:00 AM');
    const page = await adminCall('GET', `/api/admin/payments?q=${payment.id.slice(0, 8)}`);
    expect(page.items[0]).toMatchObject({
      id: payment.id,
      patientName: 'Nia Reyes',
      amount: 15000,
      status: 'succeeded',
    });
    const detail = await adminCall('GET', `/api/admin/payments/${payment.id}`);
    expect(detail).toMatchObject({
      providerIntentId: payment.providerIntentId,
      patient: { id: patient.user.id },
      appointment: { status: 'confirmed' },
      earning: { status: 'pending' },
      refunds: [],
    });
    expect((await as(admin.cookie, 'GET', `/api/admin/payments/${randomUUID()}`)).statusCode).toBe(404);
  });

  it('counts every payment the list can show, with or without a status, beside a search', async () => {
    await paidBooking('09:30 AM');
    // A payment with no appointment (a specialty unlock): the list shows it, so the count includes it.
    const buyer = await createUser(t.db, { firstName: 'Ines', lastName: `Count${randomUUID().slice(0, 6)}` });
    await createPayment(t.db, { patientId: buyer.id, amount: 900, status: 'succeeded', purpose: 'specialty' });
    const counted = async (status?: string) => {
      const rows = await t.db
        .select({ id: payments.id })
        .from(payments)
        .where(status ? eq(payments.status, status as 'succeeded') : undefined);
      return rows.length;
    };
    expect((await adminCall('GET', '/api/admin/payments')).total).toBe(await counted());
    expect((await adminCall('GET', '/api/admin/payments?status=succeeded')).total).toBe(await counted('succeeded'));
    expect((await adminCall('GET', '/api/admin/payments?status=refunded')).total).toBe(await counted('refunded'));
    const searched = await adminCall('GET', `/api/admin/payments?q=${buyer.lastName.toLowerCase()}`);
    expect(searched).toMatchObject({ total: 1, items: [{ amount: 900, purpose: 'specialty', doctorName: null }] });
  });

  it('refunds exactly once under two concurrent requests and reverses the earning', async () => {
    const { payment, appointment } = await paidBooking('10:30 AM');
    const [a, b] = await Promise.all([
      as(admin.cookie, 'POST', `/api/admin/payments/${payment.id}/refund`),
      as(admin.cookie, 'POST', `/api/admin/payments/${payment.id}/refund`),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const [stored] = await t.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(stored.status).toBe('refunded');
    expect(stored.refundedAmount).toBe(15000);
    const [earning] = await t.db.select().from(earnings).where(eq(earnings.appointmentId, appointment.id));
    expect(earning.status).toBe('reversed');
    expect((await auditFor(payment.id)).map((e) => e.action)).toEqual(['payment.refund']);
    const detail = await adminCall('GET', `/api/admin/payments/${payment.id}`);
    expect(detail.refunds).toHaveLength(1);
    expect(detail.appointment.status).toBe('cancelled');
    await expectLedgerInvariant(t.db);
    expect((await as(admin.cookie, 'POST', `/api/admin/payments/${randomUUID()}/refund`)).statusCode).toBe(404);
  });
});

describe('payouts', () => {
  async function requestedPayout(time: string) {
    const { doctor, doctorUser, appointment } = await paidBooking(time, 13);
    await releaseEarning(t.db, appointment.id);
    const doctorCookie = await cookieFor(t.db, doctorUser);
    const res = await as(doctorCookie, 'POST', '/api/doctor/payouts', { bankAccountLast4: '4321' });
    expect(res.statusCode, res.body).toBe(201);
    return { doctor, doctorUser, doctorCookie, payout: res.json() as { id: string; amount: number } };
  }

  it('mark paid settles the earnings, tells the doctor and keeps the ledger', async () => {
    const { doctorUser, doctorCookie, payout } = await requestedPayout('11:00 AM');
    const listed = await adminCall('GET', '/api/admin/payouts?status=pending');
    expect(listed.items.some((p: { id: string }) => p.id === payout.id)).toBe(true);
    expect((await adminCall('POST', `/api/admin/payouts/${payout.id}/paid`)).status).toBe('paid');
    const doctorView = (await as(doctorCookie, 'GET', '/api/doctor/payouts')).json();
    expect(doctorView[0]).toMatchObject({ id: payout.id, status: 'paid' });
    const moved = await t.db.select().from(earnings).where(eq(earnings.payoutId, payout.id));
    expect(moved.every((e) => e.status === 'paid')).toBe(true);
    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, doctorUser.id));
    expect(notes.some((n) => n.type === 'payout_paid')).toBe(true);
    await expectLedgerInvariant(t.db);
    expect((await as(admin.cookie, 'POST', `/api/admin/payouts/${payout.id}/paid`)).statusCode).toBe(409);
    expect((await auditFor(payout.id)).map((e) => e.action)).toEqual(['payout.paid']);
  });

  it('mark failed needs a reason and returns the earnings to available', async () => {
    const { doctorCookie, payout } = await requestedPayout('11:30 AM');
    const noReason = await as(admin.cookie, 'POST', `/api/admin/payouts/${payout.id}/failed`, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    const failed = await adminCall('POST', `/api/admin/payouts/${payout.id}/failed`, { reason: 'Account closed.' });
    expect(failed).toMatchObject({ status: 'failed', failureReason: 'Account closed.' });
    const [stored] = await t.db.select().from(payouts).where(eq(payouts.id, payout.id));
    expect(stored.status).toBe('failed');
    const stats = (await as(doctorCookie, 'GET', '/api/doctor/earnings/stats')).json();
    expect(stats.availableEarnings).toBe(payout.amount);
    // Free of the failed payout: the doctor's next payout claims them, and this one lists none.
    expect(await t.db.select().from(earnings).where(eq(earnings.payoutId, payout.id))).toEqual([]);
    await expectLedgerInvariant(t.db);
    expect((await as(admin.cookie, 'POST', `/api/admin/payouts/${randomUUID()}/paid`)).statusCode).toBe(404);
  });
});

describe('doctor applications', () => {
  const apply = async (email: string) => {
    return createApplication(t.db, { email });
  };

  it('approval marks the doctor account with that e-mail verified and notifies them; once only', async () => {
    const email = `apply-${randomUUID().slice(0, 8)}@example.com`;
    const account = await createUser(t.db, { email, userType: 'doctor' });
    const application = await apply(email);
    const listed = await adminCall('GET', `/api/admin/doctor-applications?q=${email}`);
    expect(listed.items[0]).toMatchObject({ id: application.id, status: 'pending', hasAccount: true });
    expect((await adminCall('POST', `/api/admin/doctor-applications/${application.id}/approve`, {})).status).toBe(
      'approved',
    );
    const [stored] = await t.db.select().from(users).where(eq(users.id, account.id));
    expect(stored.isVerified).toBe(true);
    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, account.id));
    expect(notes.map((n) => n.type)).toEqual(['application_approved']);
    expect(
      (await as(admin.cookie, 'POST', `/api/admin/doctor-applications/${application.id}/reject`, {})).statusCode,
    ).toBe(409);
    expect((await auditFor(application.id)).map((e) => e.action)).toEqual(['application.approve']);
  });

  it('rejection without an account is stored and audited; unknown ids are 404', async () => {
    const application = await apply(`noacct-${randomUUID().slice(0, 8)}@example.com`);
    const res = await adminCall('POST', `/api/admin/doctor-applications/${application.id}/reject`, {
      note: 'Licence not found.',
    });
    expect(res).toMatchObject({ status: 'rejected', hasAccount: false });
    expect((await auditFor(application.id)).map((e) => e.action)).toEqual(['application.reject']);
    expect(
      (await as(admin.cookie, 'POST', `/api/admin/doctor-applications/${randomUUID()}/approve`, {})).statusCode,
    ).toBe(404);
  });
});

describe('audit list', () => {
  it('lists events newest first and filters by action, actor and target', async () => {
    const user = await createUser(t.db);
    await adminCall('PUT', `/api/admin/users/${user.id}/verify`, { isVerified: true });
    const byTarget = await adminCall('GET', `/api/admin/audit?targetId=${user.id}`);
    expect(byTarget.items).toHaveLength(1);
    expect(byTarget.items[0]).toMatchObject({ action: 'user.verify', actorId: admin.user.id, actorName: 'Ada Admin' });
    const byAction = await adminCall('GET', `/api/admin/audit?action=user.verify&actorId=${admin.user.id}`);
    expect(byAction.items.every((e: { action: string }) => e.action === 'user.verify')).toBe(true);
    expect((await as(admin.cookie, 'GET', '/api/admin/audit?action=nope')).statusCode).toBe(400);
  });
});
