import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createDoctor } from '../db/factories';
import { sessions } from '../db/schema';
import { pendingBooking } from '../test-support/booking-fixtures';
import { cookieFor, createTestApp, signedInUser, type TestContext } from '../test-support/test-app';
import { openSocket } from '../test-support/realtime-fixtures';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const EVIL = 'https://evil.example';

describe('state-changing requests from other sites are refused', () => {
  it('refuses a cross-origin text/plain POST that would publish a doctor profile', async () => {
    const { user } = await createDoctor(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/doctors/profile/publish',
      headers: { cookie: await cookieFor(t.db, user), origin: EVIL, 'content-type': 'text/plain' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'forbidden', message: expect.any(String) });
  });

  it('refuses a cross-site PATCH that would cancel an appointment', async () => {
    const { patient, appointment } = await pendingBooking(t.app, t.db);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/appointments/${appointment.id}`,
      headers: { cookie: patient.cookie, 'sec-fetch-site': 'cross-site' },
      payload: { status: 'cancelled' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('accepts requests from its own origin and from clients that send no Origin', async () => {
    const { patient, appointment } = await pendingBooking(t.app, t.db);
    const own = await t.app.inject({
      method: 'PATCH',
      url: `/api/appointments/${appointment.id}`,
      headers: { cookie: patient.cookie, origin: 'http://localhost:80', 'sec-fetch-site': 'same-origin' },
      payload: { status: 'cancelled' },
    });
    expect(own.statusCode).not.toBe(403);
    const me = await signedInUser(t.db);
    const noOrigin = await t.app.inject({
      method: 'PATCH',
      url: `/api/notifications/${crypto.randomUUID()}/read`,
      headers: { cookie: me.cookie },
    });
    expect(noOrigin.statusCode).not.toBe(403);
  });

  it('ends a session on GET /api/logout only for same-origin or direct navigations', async () => {
    const me = await signedInUser(t.db);
    const crossSite = await t.app.inject({
      url: '/api/logout',
      headers: { cookie: me.cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(302);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, me.user.id))).toHaveLength(1);
    const direct = await t.app.inject({ url: '/api/logout', headers: { cookie: me.cookie, 'sec-fetch-site': 'none' } });
    expect(direct.statusCode).toBe(302);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, me.user.id))).toHaveLength(0);
  });

  it('refuses a WebSocket upgrade from the same host under another scheme', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const me = await signedInUser(t.db);
    const url = `${address.replace('http', 'ws')}/ws`;
    const host = new URL(address).host;
    await expect(openSocket(url, me.cookie, { origin: `https://${host}` })).rejects.toThrow(/403/);
    const ok = await openSocket(url, me.cookie, { origin: `http://${host}` });
    await ok.close();
  });
});
