import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zonedInstant } from '@common/rules/zoned-time';
import { createAppointment, createDoctor, createUser } from '../../db/factories';
import { cookieFor, createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';
import { dashboardStats } from './service';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('dashboard stats', () => {
  it('answers an empty dashboard to a doctor without a profile', async () => {
    const me = await signedInUser(t.db, { userType: 'doctor' });
    const res = await t.app.inject({ url: '/api/dashboard/stats', headers: { cookie: me.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ hasProfile: false, todayAppointments: 0, totalPatients: 0, averageRating: 5 });
  });

  it("counts today in the doctor's own time zone, live appointments only", async () => {
    const tz = 'Pacific/Auckland';
    const { user, doctor } = await createDoctor(t.db, { doctor: { timeZone: tz, averageRating: null } });
    // 08:00 on 10 March in Auckland is still 9 March in UTC.
    const now = zonedInstant('2031-03-10', '08:00', tz);
    const [p1, p2, p3] = [await createUser(t.db), await createUser(t.db), await createUser(t.db)];
    const at = (date: string, time: string) => zonedInstant(date, time, tz);
    const book = (patientId: string, startsAt: Date, status: 'confirmed' | 'cancelled' | 'completed' | 'pending') =>
      createAppointment(t.db, { patientId, doctorId: doctor.id, startsAt, status, timeZone: tz });
    await book(p1.id, at('2031-03-10', '07:00'), 'completed'); // today, earlier
    await book(p1.id, at('2031-03-10', '23:30'), 'confirmed'); // today, late
    await book(p2.id, at('2031-03-10', '10:00'), 'cancelled'); // not counted
    await book(p3.id, at('2031-03-10', '11:00'), 'pending'); // unpaid, not counted
    await book(p2.id, at('2031-03-11', '00:00'), 'confirmed'); // tomorrow
    await book(p2.id, at('2031-03-18', '09:00'), 'confirmed'); // beyond a week

    expect(await dashboardStats(t.db, user.id, now)).toEqual({
      hasProfile: true,
      profileStatus: 'verified',
      todayAppointments: 2,
      totalPatients: 2,
      upcomingThisWeek: 2,
      averageRating: 5,
      timeZone: tz,
    });
    const res = await t.app.inject({ url: '/api/dashboard/stats', headers: { cookie: await cookieFor(t.db, user) } });
    expect(res.json()).toMatchObject({ hasProfile: true, totalPatients: 2 });
  });
});
