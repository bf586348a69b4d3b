import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../db/factories';
import { auditEvents, doctorApplications, referrals } from '../../db/schema';
import { createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';
import { eq } from 'drizzle-orm';

/** A fixed clock; the file's database holds only the rows created here, each with its own date. */
const NOW = new Date();
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000);

let t: TestContext;
let admin: { user: { id: string }; cookie: string };
beforeAll(async () => {
  t = await createTestApp({}, { clock: { now: () => NOW } });
  admin = await signedInUser(t.db, { userType: 'admin', createdAt: daysAgo(500) });
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ url, headers: { cookie: admin.cookie } });

async function application(createdAt: Date, status: 'pending' | 'approved' | 'rejected', specialty = 'Cardiology') {
  await t.db.insert(doctorApplications).values({
    firstName: 'A',
    lastName: 'B',
    email: `app-${randomUUID().slice(0, 8)}@example.com`,
    phone: '1',
    specialty,
    licenseNumber: 'L',
    yearsOfExperience: '1-5',
    consultationFee: 10000,
    aboutMe: 'x',
    agreedToTerms: true,
    status,
    createdAt,
  });
}

describe('GET /api/analytics/outreach', () => {
  it('counts exactly the rows created in each range, with every day present', async () => {
    const referrer = await createUser(t.db, { createdAt: daysAgo(500) });
    await application(daysAgo(0), 'pending');
    await application(daysAgo(3), 'approved', 'Neurology');
    await application(daysAgo(20), 'rejected');
    await application(daysAgo(60), 'approved');
    await application(daysAgo(200), 'pending');
    await application(daysAgo(400), 'pending');
    const referral = (days: number, type: 'patient' | 'doctor', status: 'pending' | 'held' | 'rewarded') =>
      t.db.insert(referrals).values({
        referrerId: referrer.id,
        referredEmail: `r-${randomUUID().slice(0, 8)}@example.com`,
        referralType: type,
        status,
        rewardAmount: type === 'patient' ? 2500 : 10000,
        createdAt: daysAgo(days),
      });
    await referral(1, 'patient', 'rewarded');
    await referral(10, 'doctor', 'pending');
    // Qualified, its reward still in the hold: a conversion, not yet a reward paid.
    await referral(12, 'patient', 'held');
    await referral(100, 'doctor', 'rewarded');
    await createUser(t.db, { createdAt: daysAgo(2) });

    const expected = {
      '7d': { apps: 2, approved: 1, pending: 1, refs: 1, rewards: 2500, days: 7, signUps: 1 },
      '30d': { apps: 3, approved: 1, pending: 1, refs: 3, rewards: 2500, days: 30, signUps: 1 },
      '90d': { apps: 4, approved: 2, pending: 1, refs: 3, rewards: 2500, days: 90, signUps: 1 },
      '1y': { apps: 5, approved: 2, pending: 2, refs: 4, rewards: 12500, days: 365, signUps: 1 },
    };
    for (const [range, e] of Object.entries(expected)) {
      const res = await get(`/api/analytics/outreach?range=${range}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.overview, range).toMatchObject({
        totalApplications: e.apps,
        approvedDoctors: e.approved,
        pendingApplications: e.pending,
        totalReferrals: e.refs,
        totalRewards: e.rewards,
        signUps: e.signUps,
      });
      expect(body.applications).toHaveLength(e.apps);
      expect(body.referrals).toHaveLength(e.refs);
      expect(body.metrics.applicationsOverTime).toHaveLength(e.days);
      expect(body.metrics.applicationsOverTime.at(-1).date).toBe(NOW.toISOString().slice(0, 10));
      const summed = body.metrics.applicationsOverTime.reduce((n: number, d: { count: number }) => n + d.count, 0);
      expect(summed).toBe(e.apps);
      expect(body.metrics.referralsOverTime.reduce((n: number, d: { count: number }) => n + d.count, 0)).toBe(e.refs);
      expect(body.metrics.patientReferrals + body.metrics.doctorReferrals).toBe(e.refs);
    }
    const week = (await get('/api/analytics/outreach?range=7d')).json();
    expect(week.metrics.applicationsBySpecialty).toEqual(
      expect.arrayContaining([
        { specialty: 'Cardiology', count: 1 },
        { specialty: 'Neurology', count: 1 },
      ]),
    );
    expect(week.overview.conversionRate).toBe(100);
    expect((await get('/api/analytics/outreach?range=30d')).json().overview.conversionRate).toBe(66.7);
    expect((await get('/api/analytics/outreach')).json().range).toBe('30d');
  });

  it('refuses an unknown range', async () => {
    const res = await get('/api/analytics/outreach?range=2w');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/range/);
  });
});

describe('campaigns', () => {
  it('creates, lists with the date and audits; refuses bad input', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/campaigns',
      headers: { cookie: admin.cookie },
      payload: { name: 'Spring doctors', audience: 'doctors', message: 'Join us' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created.createdAt).toBe(NOW.toISOString());
    const list = (await get('/api/analytics/campaigns')).json();
    expect(list[0]).toMatchObject({ id: created.id, name: 'Spring doctors', audience: 'doctors' });
    const audit = await t.db.select().from(auditEvents).where(eq(auditEvents.targetId, created.id));
    expect(audit.map((a) => a.action)).toEqual(['campaign.create']);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/campaigns',
      headers: { cookie: admin.cookie },
      payload: { name: '', audience: 'aliens', message: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toMatch(/audience/);
  });
});
