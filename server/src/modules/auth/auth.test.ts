import { eq, sql } from 'drizzle-orm';
import { SIGN_UP_REFUSED } from './service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../db/factories';
import { sessions, users } from '../../db/schema';
import { SESSION_COOKIE } from '../../http/session';
import { createTestApp, type TestContext } from '../../test-support/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const cookieFrom = (res: { cookies: { name: string; value: string }[] }) => {
  const c = res.cookies.find((x) => x.name === SESSION_COOKIE);
  return c ? `${SESSION_COOKIE}=${c.value}` : undefined;
};

const register = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/register', payload });

describe('register', () => {
  it('creates an account, signs it in and hashes the password with argon2id', async () => {
    const res = await register({
      email: 'New.Patient@Example.com',
      password: 'correct horse',
      firstName: 'Nia',
      lastName: 'Ngata',
      userType: 'patient',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ email: 'new.patient@example.com', firstName: 'Nia', userType: 'patient' });
    const cookie = cookieFrom(res);
    expect(cookie).toBeDefined();
    const me = await t.app.inject({ url: '/api/auth/user', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe('new.patient@example.com');
    const [row] = await t.db.select().from(users).where(eq(users.email, 'new.patient@example.com'));
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('does not say that an e-mail already has an account', async () => {
    await register({
      email: 'twice@example.com',
      password: 'long enough pw',
      firstName: 'A',
      lastName: 'B',
      userType: 'doctor',
    });
    const res = await register({
      email: 'TWICE@example.com',
      password: 'another password',
      firstName: 'A',
      lastName: 'B',
      userType: 'patient',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(SIGN_UP_REFUSED);
    expect(res.json().message).not.toMatch(/exists|already|registered/i);
  });

  // Issue 37: a sign-up is no second sign-in form (past the lock and the second factor); the
  // owner gets the same neutral answer, which invites signing in (decision 068).
  it("never signs the owner in when a sign-up repeats an account's e-mail and password", async () => {
    const payload = { email: 'again@example.com', password: 'long enough pw', firstName: 'A', lastName: 'B' };
    await register({ ...payload, userType: 'patient' });
    const again = await register({ ...payload, userType: 'patient' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SIGN_UP_REFUSED);
    expect(cookieFrom(again)).toBeUndefined();
  });

  it.each([
    [
      { email: 'not-an-email', password: 'long enough pw', firstName: 'A', lastName: 'B', userType: 'patient' },
      'email',
    ],
    [{ email: 'short@example.com', password: 'short', firstName: 'A', lastName: 'B', userType: 'patient' }, 'password'],
    [
      { email: 'admin-try@example.com', password: 'long enough pw', firstName: 'A', lastName: 'B', userType: 'admin' },
      'userType',
    ],
    [
      { email: 'noname@example.com', password: 'long enough pw', firstName: ' ', lastName: 'B', userType: 'patient' },
      'firstName',
    ],
  ])('rejects bad input %# with 400 naming the field, and stores nothing', async (payload, field) => {
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(users);
    const res = await register(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty(field);
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(after[0].n).toBe(before[0].n);
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTruthy();
  });
});

describe('login and sessions', () => {
  it('signs in, rotates the session id and rejects a wrong password', async () => {
    const user = await createUser(t.db, { email: 'rotate@example.com', password: 'medora-demo-pw' });
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'rotate@example.com', password: 'medora-demo-pw' },
    });
    expect(first.statusCode).toBe(200);
    const firstCookie = cookieFrom(first)!;
    const cookieAttrs = first.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(cookieAttrs.httpOnly).toBe(true);
    expect(cookieAttrs.sameSite).toBe('Lax');

    const second = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { cookie: firstCookie },
      payload: { email: 'rotate@example.com', password: 'medora-demo-pw' },
    });
    const secondCookie = cookieFrom(second)!;
    expect(secondCookie).not.toBe(firstCookie);
    expect((await t.app.inject({ url: '/api/auth/user', headers: { cookie: firstCookie } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/auth/user', headers: { cookie: secondCookie } })).json().id).toBe(user.id);

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'rotate@example.com', password: 'nope-nope-nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Incorrect email or password.');
  });

  it('expires a session after 7 idle days', async () => {
    const user = await createUser(t.db, { email: 'idle@example.com', password: 'medora-demo-pw' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'idle@example.com', password: 'medora-demo-pw' },
    });
    const cookie = cookieFrom(res)!;
    await t.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 7 * 86_400_000 - 1000) })
      .where(eq(sessions.userId, user.id));
    expect((await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(401);
  });

  it('throttles repeated failures for one e-mail with 429', async () => {
    await createUser(t.db, { email: 'guess@example.com', password: 'the-real-password' });
    const attempt = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: `10.0.0.${Math.floor(Math.random() * 200)}`,
        payload: { email: 'guess@example.com', password },
      });
    for (let i = 0; i < 5; i++) expect((await attempt(`wrong-${i}-password`)).statusCode).toBe(401);
    const blocked = await attempt('the-real-password');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Too many failed sign-in attempts/);
  });

  it('refuses a deactivated account', async () => {
    await createUser(t.db, { email: 'off@example.com', password: 'medora-demo-pw', isActive: false });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'off@example.com', password: 'medora-demo-pw' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('logs out: the session row is gone and the cookie cleared', async () => {
    await createUser(t.db, { email: 'bye@example.com', password: 'medora-demo-pw' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'bye@example.com', password: 'medora-demo-pw' },
    });
    const cookie = cookieFrom(res)!;
    const out = await t.app.inject({ url: '/api/logout', headers: { cookie } });
    expect(out.statusCode).toBe(302);
    expect(out.headers.location).toBe('/');
    expect((await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(401);
  });
});

describe('GET /api/login', () => {
  it.each([
    ['/appointments?x=1', '/login?returnTo=%2Fappointments%3Fx%3D1'],
    ['//evil.example/phish', '/login?returnTo=%2F'],
    ['https://evil.example/', '/login?returnTo=%2F'],
    ['/\\evil.example', '/login?returnTo=%2F'],
  ])('sends %s to the sign-in screen with a same-site return path', async (returnTo, location) => {
    const res = await t.app.inject({ url: `/api/login?returnTo=${encodeURIComponent(returnTo)}` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(location);
  });
});
