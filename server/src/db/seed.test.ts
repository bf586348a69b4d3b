import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEEKDAYS } from '@common/constants/schedule';
import { PROFILE_SPECIALTIES, SPECIALTY_CATALOG } from '@common/constants/specialties';
import { DEMO_ACCOUNTS } from '@common/schemas/meta';
import { createTestApp, type TestContext } from '../test-support/test-app';
import { doctors, doctorSchedules, notifications, outbreakCases, users, appointments } from './schema';
import { seedDemo } from './seed';
import { buildDoctor, withArticle } from './factories';
import { PRACTITIONER } from './seed-data/schools';
import { createRng } from './random';
import { outreach } from '../modules/analytics/outreach';
import { expectWalletInvariant } from '../test-support/wallet-invariant';

let t: TestContext;
// The whole demo, a year of outreach history included, on two shared cores.
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db, { doctors: 220 });
}, 180_000);
afterAll(() => t.close());

describe('demo seed', () => {
  it('fills the outbreak monitor from the bundled snapshot, without alerting doctors', async () => {
    const cases = await t.db.select().from(outbreakCases);
    expect(cases.length).toBeGreaterThan(9);
    expect(new Set(cases.map((c) => c.source))).toEqual(new Set(['snapshot']));
    const alerts = await t.db.select().from(notifications).where(eq(notifications.type, 'outbreak_alert'));
    expect(alerts.filter((a) => a.titleKey?.startsWith('notify.outbreak.'))).toEqual([]);
  });

  it('creates the three demo accounts, which can sign in', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: account.email, password: account.password },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().user.userType).toBe(account.userType);
    }
  });

  it('lists 220 verified, active doctors across 50+ countries and every profile specialty', async () => {
    const [stats] = await t.db
      .select({
        n: sql<number>`count(*)::int`,
        countries: sql<number>`count(distinct ${doctors.country})::int`,
        specialties: sql<number>`count(distinct ${doctors.specialty})::int`,
        zones: sql<number>`count(distinct ${doctors.timeZone})::int`,
      })
      .from(doctors)
      .where(sql`${doctors.isVerified} and ${doctors.isActive}`);
    expect(stats.n).toBe(220);
    expect(stats.countries).toBeGreaterThanOrEqual(50);
    expect(stats.specialties).toBe(PROFILE_SPECIALTIES.length);
    expect(stats.zones).toBeGreaterThan(20);
  });

  // CI failed on a Saturday night when no seeded week had Sunday hours: "available today" was empty.
  it('has doctors working every day of the week, Sunday too, in several time zones', async () => {
    const rows = await t.db
      .select({ weekly: doctorSchedules.weekly, timeZone: doctors.timeZone })
      .from(doctorSchedules)
      .innerJoin(doctors, eq(doctors.id, doctorSchedules.doctorId));
    for (const day of WEEKDAYS) {
      const working = rows.filter((r) => r.weekly[day].length > 0);
      expect(working.length, day).toBeGreaterThanOrEqual(10);
      expect(new Set(working.map((r) => r.timeZone)).size, day).toBeGreaterThanOrEqual(5);
    }
  });

  it('gives every specialty a patient can pay for a verified, active doctor, so its checkout finds one', async () => {
    const rows = await t.db
      .selectDistinct({ specialty: doctors.specialty })
      .from(doctors)
      .where(sql`${doctors.isVerified} and ${doctors.isActive}`);
    const staffed = new Set(rows.map((r) => r.specialty));
    expect(SPECIALTY_CATALOG.map((s) => s.name).filter((name) => !staffed.has(name))).toEqual([]);
  });

  it('makes the demo doctor one of them, with appointments in several states', async () => {
    const [demo] = await t.db.select().from(users).where(eq(users.email, 'doctor@example.com'));
    const [doctor] = await t.db.select().from(doctors).where(eq(doctors.userId, demo.id));
    expect(doctor.isVerified).toBe(true);
    const rows = await t.db
      .select({ status: appointments.status })
      .from(appointments)
      .where(eq(appointments.doctorId, doctor.id));
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['pending', 'confirmed', 'completed', 'cancelled']));
  });

  it('gives the demo patient several notifications of each type', async () => {
    const [patient] = await t.db.select().from(users).where(eq(users.email, 'patient@example.com'));
    const rows = await t.db
      .select({ type: notifications.type })
      .from(notifications)
      .where(eq(notifications.userId, patient.id));
    for (const type of ['appointment_confirmation', 'appointment_booking', 'outbreak_alert']) {
      expect(rows.filter((r) => r.type === type).length).toBeGreaterThanOrEqual(3);
    }
  });

  it('gives every doctor a full name no other doctor has', async () => {
    const rows = await t.db
      .select({ first: users.firstName, last: users.lastName })
      .from(doctors)
      .innerJoin(users, eq(users.id, doctors.userId));
    const names = rows.map((r) => `${r.first} ${r.last}`);
    expect(names).toHaveLength(220);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });

  it('has a year of outreach the admin analytics can chart: applications, referrals and sign-ups in every month', async () => {
    const year = await outreach(t.db, '1y', new Date());
    const months = (days: { date: string; count: number }[]) =>
      new Set(days.filter((d) => d.count > 0).map((d) => d.date.slice(0, 7))).size;
    expect(months(year.metrics.applicationsOverTime)).toBeGreaterThanOrEqual(12);
    expect(months(year.metrics.referralsOverTime)).toBeGreaterThanOrEqual(12);
    expect(months(year.metrics.signUpsOverTime)).toBeGreaterThanOrEqual(12);
    expect(year.overview.totalApplications).toBeGreaterThan(100);
    expect(year.overview.approvedDoctors).toBeGreaterThan(0);
    expect(year.overview.rejectedApplications).toBeGreaterThan(0);
    expect(year.overview.pendingApplications).toBeGreaterThan(0);
    expect(year.overview.conversionRate).toBeGreaterThan(10);
    expect(year.overview.totalRewards).toBeGreaterThan(0);
    expect(year.metrics.applicationsBySpecialty.length).toBeGreaterThan(10);
    // Nobody joined in the future, and the demo accounts were made today.
    expect(year.metrics.signUpsOverTime.at(-1)!.count).toBeGreaterThanOrEqual(DEMO_ACCOUNTS.length);
  });

  it('pays the demo referral rewards through the wallet and the ledger, and none to the demo accounts', async () => {
    await expectWalletInvariant(t.db);
    const demo = await t.db
      .select({ balance: users.walletBalance })
      .from(users)
      .where(
        inArray(
          users.email,
          DEMO_ACCOUNTS.map((a) => a.email),
        ),
      );
    expect(demo.map((d) => d.balance)).toEqual([0, 0, 0]);
  });

  it('is deterministic: the same seed builds the same doctors', () => {
    const a = createRng(7);
    const b = createRng(7);
    expect(buildDoctor(a, 3)).toEqual(buildDoctor(b, 3));
    expect(buildDoctor(a, 4)).not.toEqual(buildDoctor(createRng(8), 4));
  });
});

describe('doctor bios', () => {
  it('put "an" before a vowel sound and "a" before a consonant sound', () => {
    expect(withArticle('orthopedic surgeon')).toBe('an orthopedic surgeon');
    expect(withArticle('cardiologist')).toBe('a cardiologist');
    expect(withArticle('urologist')).toBe('a urologist');
    expect(withArticle('internist')).toBe('an internist');
    expect(withArticle('ENT specialist')).toBe('an ENT specialist');
    expect(withArticle('honest answer')).toBe('an honest answer');
  });

  it('name what every profile specialty practises', () => {
    expect(PROFILE_SPECIALTIES.filter((name) => !PRACTITIONER[name])).toEqual([]);
  });
});
