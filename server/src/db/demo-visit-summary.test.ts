import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '@common/schemas/meta';
import { createTestApp, type TestContext } from '../test-support/test-app';
import { ensureDemoVisitSummary } from './demo-visit-summary';
import { seedDemo } from './seed';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db, { doctors: 3 });
});
afterAll(() => t.close());

describe('demo visit summary', () => {
  it('gives the demo patient a completed consultation with a shared summary, once', async () => {
    const id = await ensureDemoVisitSummary(t.db);
    expect(id).not.toBeNull();
    expect(await ensureDemoVisitSummary(t.db)).toBe(id);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: DEMO_ACCOUNTS[0].email, password: DEMO_ACCOUNTS[0].password },
    });
    const cookie = String(login.headers['set-cookie']).split(';')[0];
    const shared = await t.app.inject({ url: '/api/visit-summaries', headers: { cookie } });
    expect(shared.json()).toEqual([expect.objectContaining({ appointmentId: id, followUpDays: 14 })]);
    const summary = await t.app.inject({ url: `/api/appointments/${id}/visit-summary`, headers: { cookie } });
    expect(summary.json().diagnosis).toMatch(/viral throat infection/);
  });
});
