// One door to a session (issue 37, item 1): every way in passes signIn, which applies the sign-in
// lock and the second factor; sign-up over an existing account never signs anyone in.
import fs from 'node:fs';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../core/clock';
import { createUser } from '../../db/factories';
import { sessions } from '../../db/schema';
import type { Mailer, OutgoingEmail } from '../mail/mailer';
import { cookieFor, createTestApp, type TestContext } from '../../test-support/test-app';
import { SIGN_UP_REFUSED } from './service';

const PASSWORD = 'correct horse battery';
const sent: OutgoingEmail[] = [];
const mailer: Mailer = {
  transport: 'smtp',
  send: async (message) => {
    sent.push(message);
    return { messageId: `<${sent.length}@test>` };
  },
  close: async () => {},
};
const clock = fixedClock(new Date());
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '10000' }, { clock, mailer });
});
afterAll(() => t.close());

type Reply = { headers: Record<string, unknown> };
const cookieOf = (res: Reply, name: string) => {
  const all = [res.headers['set-cookie']].flat().filter(Boolean) as string[];
  return all.find((c) => c.startsWith(`${name}=`) && !c.startsWith(`${name}=;`))?.split(';')[0];
};
const post = (url: string, payload: object, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });
const codeAt = (secret: string, at: Date) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: at.getTime() });
const sessionCount = async (userId: string) =>
  (await t.db.select().from(sessions).where(eq(sessions.userId, userId))).length;

async function accountWithTotp() {
  clock.advance(90_000);
  const user = await createUser(t.db, { password: PASSWORD });
  const cookie = await cookieFor(t.db, user);
  const { secret } = (await post('/api/auth/mfa/totp/setup', {}, cookie)).json();
  const on = await post('/api/auth/mfa/totp/enable', { code: codeAt(secret, clock.now()), password: PASSWORD }, cookie);
  expect(on.statusCode, on.body).toBe(200);
  await t.db.delete(sessions).where(eq(sessions.userId, user.id));
  return { user, secret };
}

const signUpAs = (email: string, password = PASSWORD) =>
  post('/api/auth/register', { email, password, firstName: 'Eve', lastName: 'Twice', userType: 'patient' });

describe('sign-up over an existing account', () => {
  it('with the right password of a TOTP account gives no session, only the neutral 409', async () => {
    const { user } = await accountWithTotp();
    const res = await signUpAs(user.email);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(SIGN_UP_REFUSED);
    expect(cookieOf(res, 'medora_session')).toBeUndefined();
    expect(cookieOf(res, 'medora_mfa')).toBeUndefined();
    expect(await sessionCount(user.id)).toBe(0);
  });

  it('of an account without two-factor, right password or wrong, answers the same 409 and no session', async () => {
    const user = await createUser(t.db, { password: PASSWORD });
    const right = await signUpAs(user.email);
    const wrong = await signUpAs(user.email, 'some other password');
    expect([right.statusCode, wrong.statusCode]).toEqual([409, 409]);
    expect(right.json()).toEqual(wrong.json());
    expect(cookieOf(right, 'medora_session')).toBeUndefined();
    expect(await sessionCount(user.id)).toBe(0);
  });

  it('resets no sign-in lock: four wrong passwords, a sign-up with the right one, and the fifth still locks', async () => {
    const user = await createUser(t.db, { password: PASSWORD });
    for (let i = 0; i < 4; i++) {
      expect((await post('/api/auth/login', { email: user.email, password: 'wrong password' })).statusCode).toBe(401);
    }
    expect((await signUpAs(user.email)).statusCode).toBe(409);
    expect((await post('/api/auth/login', { email: user.email, password: 'wrong password' })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: user.email, password: PASSWORD })).statusCode).toBe(429);
  });

  it('a new address still creates the account and signs it in', async () => {
    const res = await signUpAs(`door-${Date.now()}@example.com`);
    expect(res.statusCode).toBe(201);
    expect(cookieOf(res, 'medora_session')).toBeDefined();
  });
});

describe('a reset link is no way around the second factor', () => {
  it('sets no session; the next sign-in with the new password still asks for the code', async () => {
    const { user, secret } = await accountWithTotp();
    await post('/api/auth/password/forgot', { email: user.email });
    await t.app.jobWorker.runDue();
    const mail = sent.filter((m) => m.to === user.email && m.text.includes('/reset-password')).at(-1)!;
    const token = decodeURIComponent(mail.text.match(/\/reset-password\?token=([A-Za-z0-9_%-]+)/)![1]);
    const reset = await post('/api/auth/password/reset', { token, password: 'a brand new password' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(cookieOf(reset, 'medora_session')).toBeUndefined();
    expect(await sessionCount(user.id)).toBe(0);
    const login = await post('/api/auth/login', { email: user.email, password: 'a brand new password' });
    expect(login.json()).toEqual({ mfaRequired: true });
    expect(cookieOf(login, 'medora_session')).toBeUndefined();
    // The owner had verified the address before turning two-factor on: their factor stays.
    clock.advance(30_000);
    const verify = await post(
      '/api/auth/mfa/verify',
      { code: codeAt(secret, clock.now()) },
      cookieOf(login, 'medora_mfa'),
    );
    expect(verify.statusCode, verify.body).toBe(200);
    expect(cookieOf(verify, 'medora_session')).toBeDefined();
  });
});

describe('only signIn sets the session cookie', () => {
  const serverRoot = path.resolve(__dirname, '../..');
  const sourceFiles = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'test-support' ? [] : sourceFiles(full);
      return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
    });
  // What makes a session or writes its cookie; only these two files may say it.
  const SESSION_MAKERS =
    /\b(createSession|setSessionCookie)\s*\(|setCookie\(\s*SESSION_COOKIE|['"`]medora_session['"`]/;
  const ALLOWED = ['http/session.ts', 'modules/auth/sign-in.ts'];

  it('finds session-making calls only in the sign-in door (and where the cookie is defined)', () => {
    const offenders = sourceFiles(serverRoot)
      .map((file) => path.relative(serverRoot, file).split(path.sep).join('/'))
      .filter((file) => !ALLOWED.includes(file))
      .filter((file) => SESSION_MAKERS.test(fs.readFileSync(path.join(serverRoot, file), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('the scan would see a new route that sets the cookie itself', () => {
    const route = "r.post('/api/x', {}, async ({ reply }) => setSessionCookie(reply, await createSession(db, id)))";
    expect(SESSION_MAKERS.test(route)).toBe(true);
    expect(SESSION_MAKERS.test("reply.setCookie('medora_session', token)")).toBe(true);
  });

  it('in the door, sessions are made only inside signIn', () => {
    const door = fs.readFileSync(path.join(serverRoot, 'modules/auth/sign-in.ts'), 'utf8');
    const calls = door.match(/\b(createSession|setSessionCookie)\s*\(/g) ?? [];
    expect(calls.length).toBeGreaterThan(0);
    // One private function makes the session; it is not exported.
    expect(door).not.toMatch(/export\s+(async\s+)?function\s+startSession/);
  });
});
