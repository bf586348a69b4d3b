import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '@common/schemas/meta';
import { createTestApp, type TestContext } from '../test-support/test-app';
import { ensureDemoConsultation } from './demo-consultation';
import { seedDemo } from './seed';
import { consultations, payments } from './schema';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db, { doctors: 3 });
});
afterAll(() => t.close());

const login = async (email: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: DEMO_ACCOUNTS[0].password },
  });
  return String(res.headers['set-cookie']).split(';')[0];
};

describe('demo consultation', () => {
  it('gives the demo accounts a paid video consultation the doctor can start now, once', async () => {
    const id = await ensureDemoConsultation(t.db);
    expect(id).not.toBeNull();
    expect(await ensureDemoConsultation(t.db)).toBe(id);
    const [payment] = await t.db.select().from(payments).where(eq(payments.appointmentId, id!));
    expect(payment.status).toBe('succeeded');
    const doctorCookie = await login(DEMO_ACCOUNTS[1].email);
    const start = await t.app.inject({
      method: 'POST',
      url: `/api/consultations/${id}/start`,
      headers: { cookie: doctorCookie },
    });
    expect(start.statusCode).toBe(200);
    const patientCookie = await login(DEMO_ACCOUNTS[0].email);
    const end = await t.app.inject({
      method: 'POST',
      url: `/api/consultations/${id}/end`,
      headers: { cookie: patientCookie },
    });
    expect(end.statusCode).toBe(200);
    // Ended: the next start makes a fresh one.
    const next = await ensureDemoConsultation(t.db);
    expect(next).not.toBe(id);
    expect(await t.db.select().from(consultations).where(eq(consultations.appointmentId, next!))).toEqual([]);
  });

  it('replaces an unstarted one whose slot is nearly over, so the demo room can always be started', async () => {
    const now = new Date();
    const stale = await ensureDemoConsultation(t.db, 'voice', new Date(now.getTime() - 25 * 60_000));
    const fresh = await ensureDemoConsultation(t.db, 'voice', now);
    expect(fresh).not.toBe(stale);
    const start = await t.app.inject({
      method: 'POST',
      url: `/api/consultations/${fresh}/start`,
      headers: { cookie: await login(DEMO_ACCOUNTS[1].email) },
    });
    expect(start.statusCode).toBe(200);
  });
});
