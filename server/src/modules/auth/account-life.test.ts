// An account's life retires what it issued (issue 37, item 2), tried from the attacker's side:
// parked links, old feed addresses and a squatter's authenticator die when the owner takes the
// account back; two-factor and the address need the password, and are audited and mailed.
import { randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../core/clock';
import { createApplication, createUser } from '../../db/factories';
import { auditEvents, referrals, users, userTotp } from '../../db/schema';
import { SESSION_COOKIE } from '../../http/session';
import type { Mailer, OutgoingEmail } from '../mail/mailer';
import { cookieFor, createTestApp, registerThroughApi, type TestContext } from '../../test-support/test-app';

const PASSWORD = 'the owner password';
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

const unique = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
const post = (url: string, payload: object, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });
const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });
const codeAt = (secret: string, at: Date) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: at.getTime() });

/** Runs the mail jobs and answers the token of the last link to `to` with `path`, or null. */
async function linkSentTo(to: string, linkPath: string): Promise<string | null> {
  await t.app.jobWorker.runDue();
  const mail = sent.filter((m) => m.to === to && m.text.includes(linkPath)).at(-1);
  const match = mail?.text.match(new RegExp(`${linkPath}\\?token=([A-Za-z0-9_%-]+)`));
  return match ? decodeURIComponent(match[1]) : null;
}
const mailsTo = async (to: string) => {
  await t.app.jobWorker.runDue();
  return sent.filter((m) => m.to === to);
};

async function owner(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.db, { email: unique('owner'), password: PASSWORD, ...overrides });
  return { user, cookie: await cookieFor(t.db, user) };
}

/** A change-of-address link to the attacker's inbox, parked for later. */
async function parkAddressChange(cookie: string) {
  const attacker = unique('attacker');
  const asked = await post('/api/auth/email/change', { currentPassword: PASSWORD, newEmail: attacker }, cookie);
  expect(asked.statusCode, asked.body).toBe(202);
  const token = await linkSentTo(attacker, '/verify-email');
  expect(token).not.toBeNull();
  return token!;
}

async function feedPath(cookie: string) {
  const res = await get('/api/calendar/feed', cookie);
  expect(res.statusCode).toBe(200);
  return new URL(res.json().url).pathname;
}

async function resetThroughInbox(email: string, password = 'a new password here') {
  await post('/api/auth/password/forgot', { email });
  const token = await linkSentTo(email, '/reset-password');
  expect(token).not.toBeNull();
  const res = await post('/api/auth/password/reset', { token: token!, password });
  expect(res.statusCode, res.body).toBe(200);
}

const retirements: [string, (who: { user: { email: string }; cookie: string }) => Promise<void>][] = [
  ['a password reset', async ({ user }) => resetThroughInbox(user.email)],
  [
    'a password change',
    async ({ cookie }) => {
      const res = await post(
        '/api/auth/password/change',
        { currentPassword: PASSWORD, newPassword: 'x'.repeat(12) },
        cookie,
      );
      expect(res.statusCode, res.body).toBe(200);
    },
  ],
  [
    'sign out everywhere',
    async ({ cookie }) => {
      expect((await post('/api/auth/sessions/sign-out-others', {}, cookie)).statusCode).toBe(200);
    },
  ],
];

describe('what the account issued dies with', () => {
  it.each(retirements)('%s: a parked address-change link is dead', async (_, retire) => {
    const who = await owner();
    const parked = await parkAddressChange(who.cookie);
    await retire(who);
    const used = await post('/api/auth/email/verify', { token: parked });
    expect(used.statusCode).toBe(400);
    const [row] = await t.db.select().from(users).where(eq(users.id, who.user.id));
    expect(row.email).toBe(who.user.email);
  });

  it.each(retirements)('%s: the old calendar feed address answers 404', async (_, retire) => {
    const who = await owner();
    const old = await feedPath(who.cookie);
    expect((await get(old)).statusCode).toBe(200);
    await retire(who);
    expect((await get(old)).statusCode).toBe(404);
  });

  it('sign-out-everywhere retires verification links too (every purpose)', async () => {
    const email = unique('unverified');
    const { id } = await registerThroughApi(t, email, undefined, 'patient', { verified: false });
    const verify = (await linkSentTo(email, '/verify-email'))!;
    const [session] = await t.db.select().from(users).where(eq(users.id, id));
    const cookie = await cookieFor(t.db, session);
    expect((await post('/api/auth/sessions/sign-out-others', {}, cookie)).statusCode).toBe(200);
    expect((await post('/api/auth/email/verify', { token: verify })).statusCode).toBe(400);
  });

  it('the "password changed" mail says links, sessions and the calendar address were retired', async () => {
    const who = await owner();
    await resetThroughInbox(who.user.email);
    const mail = (await mailsTo(who.user.email))
      .filter((m) => m.subject === 'Your Medora password was changed')
      .at(-1)!;
    expect(mail.text).toMatch(/signed out/);
    expect(mail.text).toMatch(/every link [\s\S]*no longer works/i);
    expect(mail.text).toMatch(/calendar/i);
  });
});

describe('two-factor sign-in needs a verified address and the password', () => {
  it('an unverified account cannot turn it on', async () => {
    const squatter = await owner({ emailVerifiedAt: null });
    const setup = await post('/api/auth/mfa/totp/setup', {}, squatter.cookie);
    expect(setup.statusCode).toBe(403);
    expect(setup.json().code).toBe('email_unverified');
  });

  it('is refused without the password or with a wrong one; when on, it is audited and mailed', async () => {
    clock.advance(90_000);
    const who = await owner();
    const { secret } = (await post('/api/auth/mfa/totp/setup', {}, who.cookie)).json();
    const without = await post('/api/auth/mfa/totp/enable', { code: codeAt(secret, clock.now()) }, who.cookie);
    expect(without.statusCode).toBe(400);
    expect(without.json().fields).toHaveProperty('password');
    const wrong = await post(
      '/api/auth/mfa/totp/enable',
      { code: codeAt(secret, clock.now()), password: 'not the password' },
      who.cookie,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toHaveProperty('password');
    const audited = () =>
      t.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.actorId, who.user.id), eq(auditEvents.action, 'mfa.enable')));
    expect(await audited()).toHaveLength(0);
    const right = await post(
      '/api/auth/mfa/totp/enable',
      { code: codeAt(secret, clock.now()), password: PASSWORD },
      who.cookie,
    );
    expect(right.statusCode, right.body).toBe(200);
    expect(await audited()).toHaveLength(1);
    const mails = await mailsTo(who.user.email);
    expect(mails.some((m) => /two-factor/i.test(m.subject))).toBe(true);
  });

  it("the owner's reset removes an authenticator a squatter set up before the address was verified", async () => {
    const email = unique('victim');
    // The squatter registered the address first and turned two-factor on (before this was refused).
    const squatter = await createUser(t.db, { email, password: 'squatter password', emailVerifiedAt: null });
    await t.db.insert(userTotp).values({ userId: squatter.id, secret: 'JBSWY3DPEHPK3PXP', enabledAt: new Date() });
    await resetThroughInbox(email, 'the real owner now');
    expect(await t.db.select().from(userTotp).where(eq(userTotp.userId, squatter.id))).toEqual([]);
    const login = await post('/api/auth/login', { email, password: 'the real owner now' });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.email).toBe(email);
    expect(login.cookies.some((c) => c.name === SESSION_COOKIE)).toBe(true);
  });
});

describe('changing the address', () => {
  it('is refused to an unverified account', async () => {
    const squatter = await owner({ emailVerifiedAt: null });
    const res = await post(
      '/api/auth/email/change',
      { currentPassword: PASSWORD, newEmail: unique('elsewhere') },
      squatter.cookie,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('email_unverified');
  });

  it('is audited and told to the current address', async () => {
    const who = await owner();
    await parkAddressChange(who.cookie);
    const rows = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, who.user.id), eq(auditEvents.action, 'account.email_change_request')));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0])).not.toContain('attacker');
    const told = (await mailsTo(who.user.email)).filter((m) => /address/i.test(m.subject));
    expect(told.length).toBeGreaterThan(0);
  });

  it('sends at most 3 links a day to one target address, whoever asks, in any case or +tag', async () => {
    const target = `target-${randomUUID().slice(0, 8)}`;
    const forms = [`${target}@example.com`, `${target.toUpperCase()}@example.com`, `${target}+a@example.com`];
    for (let i = 0; i < 5; i++) {
      const who = await owner();
      const res = await post(
        '/api/auth/email/change',
        { currentPassword: PASSWORD, newEmail: forms[i % forms.length] },
        who.cookie,
      );
      expect(res.statusCode).toBe(202);
    }
    await t.app.jobWorker.runDue();
    const links = sent.filter((m) => forms.includes(m.to) && m.text.includes('/verify-email'));
    expect(links).toHaveLength(3);
    // A day later the target may be asked again.
    clock.advance(24 * 3_600_000 + 1);
    const later = await owner();
    await post('/api/auth/email/change', { currentPassword: PASSWORD, newEmail: forms[0] }, later.cookie);
    await t.app.jobWorker.runDue();
    expect(sent.filter((m) => forms.includes(m.to) && m.text.includes('/verify-email'))).toHaveLength(4);
  });
});

describe('what a verified inbox settles', () => {
  it('an approved application binds when the address is verified through a password reset', async () => {
    const email = unique('applicant');
    const squatted = await createUser(t.db, {
      email,
      userType: 'doctor',
      emailVerifiedAt: null,
      password: 'x'.repeat(12),
    });
    const admin = await owner({ userType: 'admin' });
    const application = await createApplication(t.db, { email });
    expect((await post(`/api/admin/doctor-applications/${application.id}/approve`, {}, admin.cookie)).statusCode).toBe(
      200,
    );
    await resetThroughInbox(email);
    const [row] = await t.db.select().from(users).where(eq(users.id, squatted.id));
    expect(row.isVerified).toBe(true);
  });

  it("a sign-up from a +tag of the referrer's own address is not a referral", async () => {
    const referrer = await createUser(t.db, { email: unique('referrer'), referralCode: `SELF${Date.now()}` });
    const [local, domain] = referrer.email.split('@');
    const { id } = await registerThroughApi(t, `${local.toUpperCase()}+again@${domain}`, referrer.referralCode!);
    expect(await t.db.select().from(referrals).where(eq(referrals.referredUserId, id))).toEqual([]);
  });
});
