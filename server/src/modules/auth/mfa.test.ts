import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SESSION_ENDED_CLOSE_CODE } from '@common/schemas/realtime';
import { fixedClock } from '../../core/clock';
import { createUser } from '../../db/factories';
import { mfaChallenges, mfaRecoveryCodes, userTotp } from '../../db/schema';
import { openSocket } from '../../test-support/realtime-fixtures';
import { cookieFor, createTestApp, type TestContext } from '../../test-support/test-app';

const PASSWORD = 'correct horse battery';
// A moving clock a little ahead of real time, so sessions (stamped by the database) stay alive.
const clock = fixedClock(new Date());
let t: TestContext;
let wsUrl: string;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_MFA_REQUIRED: 'true', AUTH_RATE_LIMIT_PER_MINUTE: '10000' }, { clock });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  wsUrl = `${address.replace('http', 'ws')}/ws`;
});
afterAll(() => t.close());

const cookieOf = (res: { headers: Record<string, unknown> }, name: string) => {
  const all = [res.headers['set-cookie']].flat().filter(Boolean) as string[];
  const found = all.find((c) => c.startsWith(`${name}=`) && !c.startsWith(`${name}=;`));
  return found?.split(';')[0];
};

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload }) });

const codeAt = (secret: string, at: Date) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: at.getTime() });

/** An account with two-factor on: its secret, recovery codes and a session cookie. */
async function userWithMfa(userType: 'patient' | 'admin' = 'patient') {
  clock.advance(90_000); // each account starts on a fresh time step
  const user = await createUser(t.db, { password: PASSWORD, userType });
  const cookie = await cookieFor(t.db, user);
  const setup = await call('POST', '/api/auth/mfa/totp/setup', cookie);
  expect(setup.statusCode).toBe(200);
  const { secret, otpauthUrl, qrSvg } = setup.json();
  expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Medora:/);
  expect(qrSvg).toContain('<svg');
  const enable = await call('POST', '/api/auth/mfa/totp/enable', cookie, {
    code: codeAt(secret, clock.now()),
    password: PASSWORD,
  });
  expect(enable.statusCode).toBe(200);
  return { user, cookie, secret, recoveryCodes: enable.json().recoveryCodes as string[] };
}

async function passwordStep(email: string) {
  const res = await call('POST', '/api/auth/login', undefined, { email, password: PASSWORD });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ mfaRequired: true });
  expect(cookieOf(res, 'medora_session')).toBeUndefined();
  const challenge = cookieOf(res, 'medora_mfa');
  expect(challenge).toBeDefined();
  return challenge!;
}

describe('two-factor sign-in, from the attacker side', () => {
  it('locks the account after wrong codes, like wrong passwords, and then refuses even the right code', async () => {
    const { user, secret } = await userWithMfa();
    const challenge = await passwordStep(user.email);
    const answers: number[] = [];
    for (let i = 0; i < 6; i++)
      answers.push((await call('POST', '/api/auth/mfa/verify', challenge, { code: '000000' })).statusCode);
    expect(answers.slice(0, 4)).toEqual([401, 401, 401, 401]);
    expect(answers.slice(4)).toEqual([429, 429]);
    const right = await call('POST', '/api/auth/mfa/verify', challenge, { code: codeAt(secret, clock.now()) });
    expect(right.statusCode).toBe(429);
    expect(cookieOf(right, 'medora_session')).toBeUndefined();
  });

  it('refuses a code already used (replay), then accepts the next one', async () => {
    const { user, secret } = await userWithMfa();
    const used = codeAt(secret, clock.now()); // the one enable just took
    const challenge = await passwordStep(user.email);
    expect((await call('POST', '/api/auth/mfa/verify', challenge, { code: used })).statusCode).toBe(401);
    clock.advance(30_000);
    const next = await call('POST', '/api/auth/mfa/verify', challenge, { code: codeAt(secret, clock.now()) });
    expect(next.statusCode).toBe(200);
    expect(next.json().user.mfaEnabled).toBe(true);
    expect(cookieOf(next, 'medora_session')).toBeDefined();
    // The challenge is single use.
    clock.advance(30_000);
    expect(
      (await call('POST', '/api/auth/mfa/verify', challenge, { code: codeAt(secret, clock.now()) })).statusCode,
    ).toBe(401);
  });

  it('takes a recovery code once, with spaces or in capitals, and never again', async () => {
    const { user, recoveryCodes } = await userWithMfa();
    expect(recoveryCodes).toHaveLength(10);
    const stored = await t.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, user.id));
    expect(stored.map((r) => r.codeHash)).not.toContain(recoveryCodes[0]);
    const typed = ` ${recoveryCodes[0].toUpperCase().replace('-', ' ')} `;
    const first = await call('POST', '/api/auth/mfa/verify', await passwordStep(user.email), { code: typed });
    expect(first.statusCode).toBe(200);
    const again = await call('POST', '/api/auth/mfa/verify', await passwordStep(user.email), {
      code: recoveryCodes[0],
    });
    expect(again.statusCode).toBe(401);
    const status = await call('GET', '/api/auth/mfa', user && (await cookieFor(t.db, user)));
    expect(status.json()).toEqual({ enabled: true, recoveryCodesLeft: 9 });
  });

  it('refuses anything that is not a code with 400, and a sign-in step that never started with 401', async () => {
    const { user, secret } = await userWithMfa();
    const challenge = await passwordStep(user.email);
    for (const code of ['12345', '1234567', 'abc', '12\u00003456', '9'.repeat(40), 123456]) {
      const res = await call('POST', '/api/auth/mfa/verify', challenge, { code });
      expect(res.statusCode, String(code)).toBe(400);
    }
    const forged = await call('POST', '/api/auth/mfa/verify', 'medora_mfa=forged', {
      code: codeAt(secret, clock.now()),
    });
    expect(forged.statusCode).toBe(401);
    const cut = await call('POST', '/api/auth/mfa/verify', challenge.slice(0, -4), {
      code: codeAt(secret, clock.now()),
    });
    expect(cut.statusCode).toBe(401);
    // An expired challenge is refused, and the code with spaces is fine otherwise.
    const fresh = await passwordStep(user.email);
    clock.advance(6 * 60_000);
    expect((await call('POST', '/api/auth/mfa/verify', fresh, { code: codeAt(secret, clock.now()) })).statusCode).toBe(
      401,
    );
    const late = await passwordStep(user.email);
    const spaced = codeAt(secret, clock.now()).replace(/^(\d{3})/, '$1 ');
    expect((await call('POST', '/api/auth/mfa/verify', late, { code: spaced })).statusCode).toBe(200);
    expect(await t.db.select().from(mfaChallenges).where(eq(mfaChallenges.userId, user.id))).toHaveLength(0);
  });

  it('keeps two-factor on without the password, or with a wrong one', async () => {
    const { user, cookie, secret } = await userWithMfa();
    clock.advance(30_000);
    const code = codeAt(secret, clock.now());
    expect((await call('POST', '/api/auth/mfa/totp/disable', cookie, { code })).statusCode).toBe(400);
    expect(
      (await call('POST', '/api/auth/mfa/totp/disable', cookie, { code, password: 'wrong password' })).statusCode,
    ).toBe(400);
    const [row] = await t.db.select().from(userTotp).where(eq(userTotp.userId, user.id));
    expect(row.enabledAt).not.toBeNull();
    const off = await call('POST', '/api/auth/mfa/totp/disable', cookie, { code, password: PASSWORD });
    expect(off.statusCode).toBe(204);
    expect(await t.db.select().from(userTotp).where(eq(userTotp.userId, user.id))).toHaveLength(0);
    const login = await call('POST', '/api/auth/login', undefined, { email: user.email, password: PASSWORD });
    expect(login.json().user.id).toBe(user.id);
  });

  it('refuses to enable with a wrong code, and a second setup once on', async () => {
    const user = await createUser(t.db, { password: PASSWORD });
    const cookie = await cookieFor(t.db, user);
    expect(
      (await call('POST', '/api/auth/mfa/totp/enable', cookie, { code: '123456', password: PASSWORD })).statusCode,
    ).toBe(400);
    const { secret } = (await call('POST', '/api/auth/mfa/totp/setup', cookie)).json();
    expect(
      (await call('POST', '/api/auth/mfa/totp/enable', cookie, { code: '000000', password: PASSWORD })).statusCode,
    ).toBe(400);
    expect((await call('GET', '/api/auth/mfa', cookie)).json().enabled).toBe(false);
    expect(
      (
        await call('POST', '/api/auth/mfa/totp/enable', cookie, {
          code: codeAt(secret, clock.now()),
          password: PASSWORD,
        })
      ).statusCode,
    ).toBe(200);
    expect((await call('POST', '/api/auth/mfa/totp/setup', cookie)).statusCode).toBe(409);
  });
});

describe('administrators when two-factor is required', () => {
  it('holds an admin without it at the setup, then lets them in', async () => {
    const admin = await createUser(t.db, { password: PASSWORD, userType: 'admin' });
    const cookie = await cookieFor(t.db, admin);
    const blocked = await call('GET', '/api/admin/stats', cookie);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('mfa_setup_required');
    expect((await call('GET', '/api/auth/sessions', cookie)).statusCode).toBe(403);
    const me = await call('GET', '/api/auth/user', cookie);
    expect(me.json()).toMatchObject({ mfaEnabled: false, mfaSetupRequired: true });
    const { secret } = (await call('POST', '/api/auth/mfa/totp/setup', cookie)).json();
    expect(
      (
        await call('POST', '/api/auth/mfa/totp/enable', cookie, {
          code: codeAt(secret, clock.now()),
          password: PASSWORD,
        })
      ).statusCode,
    ).toBe(200);
    expect((await call('GET', '/api/admin/stats', cookie)).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/user', cookie)).json().mfaSetupRequired).toBe(false);
  });

  it('leaves patients alone', async () => {
    const patient = await createUser(t.db);
    expect((await call('GET', '/api/auth/sessions', await cookieFor(t.db, patient))).statusCode).toBe(200);
  });
});

describe('sessions you can see', () => {
  const signIn = async (email: string, userAgent: string, ip: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: ip,
      headers: { 'user-agent': userAgent },
      payload: { email, password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    return cookieOf(res, 'medora_session')!;
  };

  it("answers 404 for another user's session and ends nothing", async () => {
    const victim = await createUser(t.db, { password: PASSWORD });
    const attacker = await createUser(t.db, { password: PASSWORD });
    const victimCookie = await signIn(
      victim.email,
      'Mozilla/5.0 (Windows NT 10.0) Chrome/120.0 Safari/537.36',
      '10.0.0.2',
    );
    const [theirs] = (await call('GET', '/api/auth/sessions', victimCookie)).json().sessions;
    const attackerCookie = await signIn(attacker.email, 'curl/8.0', '203.0.113.9');
    expect((await call('DELETE', `/api/auth/sessions/${theirs.id}`, attackerCookie)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/auth/sessions/not-a-uuid', attackerCookie)).statusCode).toBe(400);
    expect((await call('GET', '/api/auth/user', victimCookie)).statusCode).toBe(200);
  });

  it('lists device, approximate place and this one; never the token hash', async () => {
    const user = await createUser(t.db, { password: PASSWORD });
    const phone = await signIn(
      user.email,
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1',
      '203.0.113.77',
    );
    const laptop = await signIn(
      user.email,
      'Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0',
      '192.168.1.20',
    );
    const res = await call('GET', '/api/auth/sessions', laptop);
    expect(res.headers['cache-control']).toBe('no-store');
    const list = res.json().sessions as { id: string; device: string; place: string; current: boolean }[];
    expect(
      list
        .map(({ device, place, current }) => ({ device, place, current }))
        .sort((a, b) => a.device.localeCompare(b.device)),
    ).toEqual([
      { device: 'Firefox on Linux', place: 'Local network', current: true },
      { device: 'Safari on iOS', place: '203.0.113.x', current: false },
    ]);
    expect(res.body).not.toContain(phone.split('=')[1]);
  });

  it('signs out everywhere else: the other sessions end and their sockets close', async () => {
    const user = await createUser(t.db, { password: PASSWORD });
    const here = await signIn(user.email, 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Safari/605.1.15', '127.0.0.1');
    const there = await signIn(
      user.email,
      'Mozilla/5.0 (Linux; Android 14) Chrome/120.0 Mobile Safari/537.36',
      '198.51.100.4',
    );
    const socket = await openSocket(wsUrl, there);
    const closed = new Promise<number>((resolve) => socket.ws.once('close', resolve));
    const res = await call('POST', '/api/auth/sessions/sign-out-others', here);
    expect(res.json()).toEqual({ ended: 1 });
    expect(await closed).toBe(SESSION_ENDED_CLOSE_CODE);
    expect((await call('GET', '/api/auth/user', there)).statusCode).toBe(401);
    expect((await call('GET', '/api/auth/user', here)).statusCode).toBe(200);
    const [only] = (await call('GET', '/api/auth/sessions', here)).json().sessions;
    expect(only.current).toBe(true);
    // Signing this one out by its id clears its cookie.
    const self = await call('DELETE', `/api/auth/sessions/${only.id}`, here);
    expect(self.statusCode).toBe(204);
    expect((await call('GET', '/api/auth/user', here)).statusCode).toBe(401);
  });
});
