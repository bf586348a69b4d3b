import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const zoneOf = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0].timeZone;
const setZone = (cookie: string | undefined, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/auth/time-zone',
    headers: cookie ? { cookie } : {},
    payload: payload as object,
  });
let n = 0;
const signUp = (extra: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: {
      email: `zone-${++n}-${Date.now()}@example.org`,
      password: 'a long enough password',
      firstName: 'Lena',
      lastName: 'Vogel',
      userType: 'patient',
      ...extra,
    },
  });

describe("the account's time zone", () => {
  it('refuses what is not a zone, changing nothing', async () => {
    const who = await signedInUser(t.db);
    for (const timeZone of ['Europe/Berlin\u0000', 'Mars/Olympus_Mons', '', 'x'.repeat(65), 42, null, '../../etc']) {
      const res = await setZone(who.cookie, { timeZone });
      expect(res.statusCode, JSON.stringify(timeZone)).toBe(400);
    }
    expect(await zoneOf(who.user.id)).toBeNull();
    expect((await setZone(undefined, { timeZone: 'Europe/Berlin' })).statusCode).toBe(401);
  });

  it('a sign-up with a bad zone is refused; a good one is kept and answered', async () => {
    expect((await signUp({ timeZone: 'Not/AZone' })).statusCode).toBe(400);
    expect((await signUp({ timeZone: 'Europe/Berlin\u0000' })).statusCode).toBe(400);
    const res = await signUp({ timeZone: 'Europe/Berlin' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().user.timeZone).toBe('Europe/Berlin');
    expect(await zoneOf(res.json().user.id)).toBe('Europe/Berlin');
    // Without one (an older client), the account has none until a browser or /profile sets it.
    expect((await signUp({})).json().user.timeZone).toBeNull();
  });

  it("the browser's guess fills an empty zone but never replaces a chosen one", async () => {
    const who = await signedInUser(t.db);
    const guessed = await setZone(who.cookie, { timeZone: 'America/New_York', detected: true });
    expect(guessed.statusCode, guessed.body).toBe(200);
    expect(guessed.json().timeZone).toBe('America/New_York');

    const chosen = await setZone(who.cookie, { timeZone: 'Europe/Berlin' });
    expect(chosen.json().timeZone).toBe('Europe/Berlin');
    const again = await setZone(who.cookie, { timeZone: 'Asia/Tokyo', detected: true });
    expect(again.json().timeZone).toBe('Europe/Berlin');
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: who.cookie } });
    expect(me.json().timeZone).toBe('Europe/Berlin');
  });
});
