import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_UNVERIFIED_MESSAGE } from '@common/constants/account-tokens';
import { FORGOT_PASSWORD_REPLY } from '@common/schemas/account';
import { fixedClock } from '../../core/clock';
import { createApplication, createUser } from '../../db/factories';
import { emailMessages, jobs, notifications, sessions, users } from '../../db/schema';
import { SESSION_COOKIE } from '../../http/session';
import type { Mailer, OutgoingEmail } from '../mail/mailer';
import { cookieFor, createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';

// Mail as it leaves (the link is in it) is caught here; the outbox table keeps a copy without the link.
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
  // The per-address request limit has its own test below; here it would only count the test's own calls.
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' }, { mailer, clock });
});
afterAll(() => t.close());

const unique = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
const post = (url: string, payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });
const me = (cookie: string) => t.app.inject({ url: '/api/auth/user', headers: { cookie } });

/** Runs the mail jobs and answers the link in the last mail to `to` with `path`, or null. */
async function linkSentTo(to: string, path: string): Promise<string | null> {
  await t.app.jobWorker.runDue();
  const mail = sent.filter((m) => m.to === to && m.text.includes(path)).at(-1);
  const match = mail?.text.match(new RegExp(`${path}\\?token=([A-Za-z0-9_%-]+)`));
  return match ? decodeURIComponent(match[1]) : null;
}

async function signUp(email: string, userType: 'patient' | 'doctor' = 'patient') {
  const res = await post('/api/auth/register', {
    email,
    password: 'a long enough password',
    firstName: 'Vera',
    lastName: 'Fied',
    userType,
  });
  expect(res.statusCode).toBe(201);
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE)!;
  return { id: res.json().user.id as string, cookie: `${SESSION_COOKIE}=${cookie.value}` };
}

describe('verifying the address', () => {
  it('refuses forged, cut, reused, expired and wrong-purpose tokens with 400 and changes nothing', async () => {
    const email = unique('attacker');
    const account = await signUp(email);
    const token = (await linkSentTo(email, '/verify-email'))!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    for (const bad of [token.slice(0, -1), `${token}x`, 'A'.repeat(43), '', 'x'.repeat(200), '../../etc', '\u0000']) {
      const res = await post('/api/auth/email/verify', { token: bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    // A reset link is not a verification link.
    await post('/api/auth/password/forgot', { email });
    const reset = (await linkSentTo(email, '/reset-password'))!;
    expect((await post('/api/auth/email/verify', { token: reset })).statusCode).toBe(400);
    expect((await me(account.cookie)).json().emailVerified).toBe(false);

    // 24 hours later the link has expired.
    clock.advance(24 * 3_600_000 + 1);
    const expired = await post('/api/auth/email/verify', { token });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toMatch(/not valid or has expired/);
    expect((await me(account.cookie)).json().emailVerified).toBe(false);
  });

  it('sign-up mails a single-use link; following it verifies the address; the outbox copy has no link', async () => {
    const email = unique('new');
    const account = await signUp(email);
    expect((await me(account.cookie)).json().emailVerified).toBe(false);
    const token = (await linkSentTo(email, '/verify-email'))!;
    const [stored] = await t.db.select().from(emailMessages).where(eq(emailMessages.userId, account.id));
    expect(stored.kind).toBe('verify_email');
    expect(stored.textBody).not.toContain(token);
    expect(stored.htmlBody).not.toContain(token);
    const jobRows = await t.db.select().from(jobs).where(eq(jobs.id, stored.jobId!));
    expect(JSON.stringify(jobRows[0].payload)).not.toContain(token);

    const res = await post('/api/auth/email/verify', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email, emailVerified: true });
    expect((await me(account.cookie)).json().emailVerified).toBe(true);
    const again = await post('/api/auth/email/verify', { token });
    expect(again.statusCode).toBe(400);
  });

  it('resend sends a new link, three per 15 minutes, and none once verified', async () => {
    const email = unique('resend');
    const account = await signUp(email);
    for (let i = 0; i < 3; i++) expect((await post('/api/auth/email/resend', {}, account.cookie)).statusCode).toBe(202);
    const fourth = await post('/api/auth/email/resend', {}, account.cookie);
    expect(fourth.statusCode).toBe(429);
    await t.app.jobWorker.runDue();
    expect(sent.filter((m) => m.to === email)).toHaveLength(4); // sign-up + three resends
    // Every link works until one is used.
    const token = (await linkSentTo(email, '/verify-email'))!;
    expect((await post('/api/auth/email/verify', { token })).statusCode).toBe(200);
    clock.advance(15 * 60_000 + 1);
    expect((await post('/api/auth/email/resend', {}, account.cookie)).statusCode).toBe(409);
  });

  it('refuses every gated action of an unverified account with 403 email_unverified', async () => {
    const patient = await signedInUser(t.db, { emailVerifiedAt: null });
    const doctor = await signedInUser(t.db, { emailVerifiedAt: null, userType: 'doctor' });
    const gated: [string, string][] = [
      ['/api/appointments', patient.cookie],
      ['/api/payments/create-intent', patient.cookie],
      ['/api/payments/create-specialty-intent', patient.cookie],
      ['/api/payments/confirm', patient.cookie],
      ['/api/referrals', patient.cookie],
      ['/api/doctor-applications', doctor.cookie],
      ['/api/doctors/profile/publish', doctor.cookie],
    ];
    for (const [url, cookie] of gated) {
      const res = await post(url, {}, cookie);
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toMatchObject({ code: 'email_unverified', message: EMAIL_UNVERIFIED_MESSAGE });
    }
    // Browsing and the profile stay open.
    expect((await me(patient.cookie)).statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: '/api/appointments/patient', headers: { cookie: patient.cookie } })).statusCode,
    ).toBe(200);
    // A verified account gets past the rule (and on to input validation).
    const verified = await signedInUser(t.db);
    expect((await post('/api/appointments', {}, verified.cookie)).statusCode).toBe(400);
  });
});

describe('password reset', () => {
  it('answers unknown and known addresses alike, and mails only the known one', async () => {
    const known = (await createUser(t.db, { email: unique('known'), password: 'old password 1' })).email;
    const unknown = unique('nobody');
    const a = await post('/api/auth/password/forgot', { email: known });
    const b = await post('/api/auth/password/forgot', { email: unknown });
    expect([a.statusCode, b.statusCode]).toEqual([202, 202]);
    expect(a.body).toBe(b.body);
    expect(a.json().message).toBe(FORGOT_PASSWORD_REPLY);
    expect(Object.keys(a.headers).sort()).toEqual(Object.keys(b.headers).sort());
    expect(await linkSentTo(known, '/reset-password')).not.toBeNull();
    expect(sent.some((m) => m.to === unknown)).toBe(false);
  });

  it('limits requests per client address with 429, whatever e-mail they name', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/password/forgot',
          payload: { email: unique(`spray-${i}`) },
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([202, 202, 202, 429]);
    } finally {
      await limited.close();
    }
  });

  it('sends at most three links per address in 15 minutes, still answering 202', async () => {
    const email = (await createUser(t.db, { email: unique('many'), password: 'old password 1' })).email;
    for (let i = 0; i < 5; i++) {
      const res = await post('/api/auth/password/forgot', { email });
      expect(res.statusCode).toBe(202);
      expect(res.json().message).toBe(FORGOT_PASSWORD_REPLY);
    }
    await t.app.jobWorker.runDue();
    expect(sent.filter((m) => m.to === email)).toHaveLength(3);
  });

  it('sets the password, ends every session, mails "password changed"; the link works once, for 1 hour', async () => {
    const user = await createUser(t.db, { email: unique('reset'), password: 'old password 1' });
    const phone = await cookieFor(t.db, user);
    const laptop = await cookieFor(t.db, user);
    await post('/api/auth/password/forgot', { email: user.email });
    const token = (await linkSentTo(user.email, '/reset-password'))!;

    expect((await post('/api/auth/password/reset', { token, password: 'short' })).statusCode).toBe(400);
    expect(
      (await post('/api/auth/password/reset', { token: token.slice(1), password: 'brand new password' })).statusCode,
    ).toBe(400);
    expect((await me(phone)).statusCode).toBe(200);

    const res = await post('/api/auth/password/reset', { token, password: 'brand new password' });
    expect(res.statusCode).toBe(200);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    const login = (password: string) => post('/api/auth/login', { email: user.email, password });
    expect((await login('old password 1')).statusCode).toBe(401);
    expect((await login('brand new password')).statusCode).toBe(200);
    await t.app.jobWorker.runDue();
    expect(sent.filter((m) => m.to === user.email).map((m) => m.subject)).toContain('Your Medora password was changed');

    expect((await post('/api/auth/password/reset', { token, password: 'a third password' })).statusCode).toBe(400);
    expect((await login('brand new password')).statusCode).toBe(200);

    await post('/api/auth/password/forgot', { email: user.email });
    const late = (await linkSentTo(user.email, '/reset-password'))!;
    clock.advance(3_600_000 + 1);
    expect((await post('/api/auth/password/reset', { token: late, password: 'a third password' })).statusCode).toBe(
      400,
    );
    expect((await login('brand new password')).statusCode).toBe(200);
  });
});

describe('changing password and address while signed in', () => {
  it('a password change needs the current password and signs out the other sessions only', async () => {
    const user = await createUser(t.db, { email: unique('change'), password: 'old password 1' });
    const here = await cookieFor(t.db, user);
    const elsewhere = await cookieFor(t.db, user);
    const wrong = await post(
      '/api/auth/password/change',
      { currentPassword: 'guess', newPassword: 'new password 22' },
      here,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.currentPassword).toBeDefined();
    const ok = await post(
      '/api/auth/password/change',
      { currentPassword: 'old password 1', newPassword: 'new password 22' },
      here,
    );
    expect(ok.statusCode).toBe(200);
    expect((await me(here)).statusCode).toBe(200);
    expect((await me(elsewhere)).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: user.email, password: 'new password 22' })).statusCode).toBe(200);
  });

  it('wrong current passwords count against the sign-in lock', async () => {
    const user = await createUser(t.db, { email: unique('guess'), password: 'old password 1' });
    const cookie = await cookieFor(t.db, user);
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      codes.push(
        (await post('/api/auth/email/change', { currentPassword: `guess ${i}`, newEmail: unique('x') }, cookie))
          .statusCode,
      );
    }
    expect(codes).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it('a new address replaces the old only once confirmed, and the old address is told', async () => {
    const user = await createUser(t.db, { email: unique('old'), password: 'old password 1' });
    const cookie = await cookieFor(t.db, user);
    const newEmail = unique('new-address');
    const res = await post('/api/auth/email/change', { currentPassword: 'old password 1', newEmail }, cookie);
    expect(res.statusCode).toBe(202);
    expect((await me(cookie)).json().email).toBe(user.email);
    const token = (await linkSentTo(newEmail, '/verify-email'))!;
    expect(token).not.toBeNull();

    const confirmed = await post('/api/auth/email/verify', { token });
    expect(confirmed.json()).toEqual({ email: newEmail, emailVerified: true });
    expect((await me(cookie)).json()).toMatchObject({ email: newEmail, emailVerified: true });
    await t.app.jobWorker.runDue();
    const notice = sent.filter((m) => m.to === user.email).at(-1)!;
    expect(notice.subject).toBe('Your Medora e-mail address was changed');
    expect(notice.text).toContain(newEmail);
    expect((await post('/api/auth/email/verify', { token })).statusCode).toBe(400);
  });

  it('answers the same for an address another account has, and sends it nothing', async () => {
    const other = await createUser(t.db, { email: unique('taken') });
    const user = await createUser(t.db, { email: unique('mine'), password: 'old password 1' });
    const cookie = await cookieFor(t.db, user);
    const before = sent.length;
    const res = await post(
      '/api/auth/email/change',
      { currentPassword: 'old password 1', newEmail: other.email },
      cookie,
    );
    expect(res.statusCode).toBe(202);
    await t.app.jobWorker.runDue();
    expect(sent.slice(before).some((m) => m.to === other.email)).toBe(false);
  });
});

describe('doctor application approval', () => {
  const apply = async (email: string) => createApplication(t.db, { email });

  it('binds only to an account that verified the address, even when approved before it did', async () => {
    const admin = await signedInUser(t.db, { userType: 'admin' });
    const email = unique('doctor-to-be');
    // A squatter registers the address first and cannot verify it.
    const squatter = await signUp(email, 'doctor');
    const application = await apply(email);
    const approve = await post(`/api/admin/doctor-applications/${application.id}/approve`, {}, admin.cookie);
    expect(approve.statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, squatter.id));
    expect(row.isVerified).toBe(false);
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, squatter.id))).toHaveLength(0);
    await t.app.jobWorker.runDue();
    const [approvalMail] = await t.db
      .select()
      .from(emailMessages)
      .where(and(eq(emailMessages.kind, 'application_approved'), eq(emailMessages.toAddress, email)));
    expect(approvalMail.userId).toBeNull();

    // Whoever reads mail at the address and verifies it is the applicant.
    const token = (await linkSentTo(email, '/verify-email'))!;
    expect((await post('/api/auth/email/verify', { token })).statusCode).toBe(200);
    const [after] = await t.db.select().from(users).where(eq(users.id, squatter.id));
    expect(after.isVerified).toBe(true);
  });
});
