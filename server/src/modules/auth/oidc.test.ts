import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oidcErrorMessage } from '@common/schemas/oidc';
import { createUser } from '../../db/factories';
import { Secret, TOTP } from 'otpauth';
import { oidcIdentities, oidcLogins, sessions, users, userTotp } from '../../db/schema';
import { hashToken } from '../../http/session';
import { requestSummary } from '../../http/logger';
import { createTestApp, cookieFor, type TestContext } from '../../test-support/test-app';
import { startTestProvider, TEST_PROVIDER_NAME, type TestProvider } from '../../test-support/oidc-test-provider';

/*
 * Signing in with a clinic's provider against a real OpenID Connect provider (oidc-provider) on
 * loopback. The provider's pages are walked over HTTP as a browser would; the app is called
 * through inject with the cookies a browser would carry.
 */
const REDIRECT_URL = 'http://127.0.0.1:5699/api/auth/oidc/callback';
let provider: TestProvider;
let t: TestContext;

beforeAll(async () => {
  provider = await startTestProvider({ redirectUrls: [REDIRECT_URL] });
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '10000', ...provider.env(REDIRECT_URL) });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

type Reply = { statusCode: number; headers: Record<string, unknown> };
const cookieOf = (res: Reply, name: string) => {
  const all = [res.headers['set-cookie']].flat().filter(Boolean) as string[];
  return all.find((c) => c.startsWith(`${name}=`) && !c.startsWith(`${name}=;`))?.split(';')[0];
};
const locationOf = (res: Reply) => String(res.headers.location);
const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

/** A person at the provider; `login` is also their subject. */
function person(overrides: { email?: string; emailVerified?: boolean } = {}) {
  const login = `p-${randomUUID().slice(0, 8)}`;
  const account = {
    login,
    email: `${login}@riverside.example`,
    emailVerified: true,
    givenName: 'Rosa',
    familyName: 'Lind',
    ...overrides,
  };
  provider.addAccount(account);
  return account;
}

/** A person at the provider whose confirmed Medora account has the same address: signs straight in. */
async function member() {
  const account = person();
  await createUser(t.db, { email: account.email });
  return account;
}

/** Starts a sign-in at the app; answers the provider URL and the browser's flow cookie. */
async function start(returnTo?: string) {
  const res = await get(`/api/auth/oidc/start${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ''}`);
  expect(res.statusCode).toBe(302);
  const flow = cookieOf(res, 'medora_oidc');
  expect(flow).toBeDefined();
  return { authorizationUrl: locationOf(res), flow: flow! };
}

/** The provider's answer as a path on the app (what the browser would open). */
async function answerFor(login: string, returnTo?: string) {
  const { authorizationUrl, flow } = await start(returnTo);
  const callback = await provider.signIn(authorizationUrl, login);
  return { path: callback.pathname + callback.search, flow, callback };
}

const refusedWith = (res: Reply, code: string) => {
  expect(res.statusCode).toBe(302);
  expect(locationOf(res)).toMatch(new RegExp(`^/login\\?oidcError=${code}(&|$)`));
  expect(cookieOf(res, 'medora_session')).toBeUndefined();
};

describe('signing in with the provider', () => {
  it('sends the browser to the provider with PKCE (S256), a state bound to this browser and a nonce', async () => {
    const { authorizationUrl, flow } = await start('/appointments');
    const url = new URL(authorizationUrl);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT_URL);
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    const state = url.searchParams.get('state')!;
    expect(flow).toBe(`medora_oidc=${state}`);
    // Stored by the state's hash only, with the verifier the challenge was made from.
    const [row] = await t.db
      .select()
      .from(oidcLogins)
      .where(eq(oidcLogins.id, hashToken(state)));
    expect(row.returnTo).toBe('/appointments');
    expect(row.codeVerifier).not.toBe(url.searchParams.get('code_challenge'));
  });

  it('a new person chooses patient once, then is signed in with a linked account and no password', async () => {
    const rosa = person();
    const { path, flow } = await answerFor(rosa.login, '/appointments');
    const back = await get(path, flow);
    expect(back.statusCode).toBe(302);
    expect(locationOf(back)).toBe('/login/choose-role');
    expect(cookieOf(back, 'medora_session')).toBeUndefined();
    const signupCookie = cookieOf(back, 'medora_oidc_signup')!;
    expect(signupCookie).toBeDefined();

    const waiting = await get('/api/auth/oidc/signup', signupCookie);
    expect(waiting.json()).toEqual({
      signup: {
        providerName: TEST_PROVIDER_NAME,
        email: rosa.email,
        firstName: 'Rosa',
        lastName: 'Lind',
        emailVerified: true,
      },
    });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/auth/oidc/signup',
      headers: { cookie: signupCookie },
      payload: { userType: 'patient' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      user: { email: rosa.email, userType: 'patient', emailVerified: true },
      returnTo: '/appointments',
    });
    const session = cookieOf(created, 'medora_session')!;
    expect((await get('/api/auth/user', session)).json()).toMatchObject({ email: rosa.email, firstName: 'Rosa' });
    const [account] = await t.db.select().from(users).where(eq(users.email, rosa.email));
    expect(account.passwordHash).toBeNull();
    const links = await t.db.select().from(oidcIdentities).where(eq(oidcIdentities.userId, account.id));
    expect(links).toMatchObject([{ issuer: `${provider.issuer}`, subject: rosa.login }]);

    // Once only: the waiting sign-up is used up.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/oidc/signup',
      headers: { cookie: signupCookie },
      payload: { userType: 'doctor' },
    });
    expect(again.statusCode).toBe(401);

    // The next sign-in matches the link and goes straight to where it was going.
    const next = await answerFor(rosa.login, '/appointments');
    const signedIn = await get(next.path, next.flow);
    expect(signedIn.statusCode).toBe(302);
    expect(locationOf(signedIn)).toBe('/appointments');
    expect(cookieOf(signedIn, 'medora_session')).toBeDefined();
  });

  it('a person the provider did not verify gets an account only with Medora’s own confirmation to come', async () => {
    const ivo = person({ emailVerified: false });
    const { path, flow } = await answerFor(ivo.login);
    const signupCookie = cookieOf(await get(path, flow), 'medora_oidc_signup')!;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/auth/oidc/signup',
      headers: { cookie: signupCookie },
      payload: { userType: 'doctor' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().user).toMatchObject({ userType: 'doctor', emailVerified: false });
  });

  it('links an existing, confirmed account by an e-mail the provider verified', async () => {
    const existing = await createUser(t.db, { email: `kim-${randomUUID().slice(0, 8)}@riverside.example` });
    const kim = person({ email: existing.email });
    const { path, flow } = await answerFor(kim.login);
    const res = await get(path, flow);
    expect(res.statusCode).toBe(302);
    expect(locationOf(res)).toBe('/');
    const session = cookieOf(res, 'medora_session')!;
    expect((await get('/api/auth/user', session)).json().id).toBe(existing.id);
    const [link] = await t.db.select().from(oidcIdentities).where(eq(oidcIdentities.userId, existing.id));
    expect(link).toMatchObject({ subject: kim.login, emailAtLink: existing.email });
  });
});

describe('the provider stands in for the password, never for the second factor (issue 37)', () => {
  it('an account with two-factor on gets the code step, no session, from a provider sign-in', async () => {
    const existing = await createUser(t.db, { email: `totp-${randomUUID().slice(0, 8)}@riverside.example` });
    const secret = new Secret({ size: 20 }).base32;
    await t.db.insert(userTotp).values({ userId: existing.id, secret, enabledAt: new Date() });
    const ana = person({ email: existing.email });
    const { path, flow } = await answerFor(ana.login, '/appointments');
    const res = await get(path, flow);
    expect(res.statusCode).toBe(302);
    expect(locationOf(res)).toBe('/login?mfa=1&returnTo=%2Fappointments');
    expect(cookieOf(res, 'medora_session')).toBeUndefined();
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, existing.id))).toEqual([]);
    const challenge = cookieOf(res, 'medora_mfa')!;
    expect(challenge).toBeDefined();
    const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/auth/mfa/verify',
      headers: { cookie: challenge },
      payload: { code },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const session = cookieOf(verified, 'medora_session')!;
    expect(session).toBeDefined();
    // The session the code step opened came from the provider's sign-in: signing out ends the
    // provider's session too, as for a sign-in without the code step.
    const out = await t.app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: { cookie: session, 'sec-fetch-site': 'same-origin' },
    });
    expect(out.statusCode).toBe(302);
    const signOut = new URL(locationOf(out), 'http://127.0.0.1:5699');
    expect(signOut.origin).toBe(provider.issuer);
    expect(signOut.searchParams.get('id_token_hint')).toMatch(/^ey/);
  });

  it('a password sign-in through the code step still signs out here only', async () => {
    const existing = await createUser(t.db, {
      email: `totp-${randomUUID().slice(0, 8)}@riverside.example`,
      password: 'password123',
    });
    const secret = new Secret({ size: 20 }).base32;
    await t.db.insert(userTotp).values({ userId: existing.id, secret, enabledAt: new Date() });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: existing.email, password: 'password123' },
    });
    expect(login.json()).toEqual({ mfaRequired: true });
    const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/auth/mfa/verify',
      headers: { cookie: cookieOf(login, 'medora_mfa')! },
      payload: { code },
    });
    const out = await t.app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: { cookie: cookieOf(verified, 'medora_session')!, 'sec-fetch-site': 'same-origin' },
    });
    expect(locationOf(out)).toBe('/');
  });
});

describe('what never links', () => {
  it('an e-mail the provider did not verify (false or absent) never reaches an existing account', async () => {
    for (const emailVerified of [false, undefined]) {
      const existing = await createUser(t.db, { email: `eve-${randomUUID().slice(0, 8)}@riverside.example` });
      const eve = person({ email: existing.email, emailVerified });
      const { path, flow } = await answerFor(eve.login);
      const res = await get(path, flow);
      refusedWith(res, 'unverified_email');
      expect(cookieOf(res, 'medora_oidc_signup')).toBeUndefined();
      expect(await t.db.select().from(oidcIdentities).where(eq(oidcIdentities.subject, eve.login))).toEqual([]);
      expect(await t.db.select().from(users).where(eq(users.email, existing.email))).toHaveLength(1);
    }
    expect(oidcErrorMessage('unverified_email', TEST_PROVIDER_NAME)).toContain('Sign in with your Medora password');
  });

  it('an account that never confirmed its address (anyone could have registered it) is not linked', async () => {
    const squatted = await createUser(t.db, {
      email: `sq-${randomUUID().slice(0, 8)}@riverside.example`,
      emailVerifiedAt: null,
    });
    const owner = person({ email: squatted.email });
    const { path, flow } = await answerFor(owner.login);
    refusedWith(await get(path, flow), 'unconfirmed_account');
  });

  it('administrators and deactivated accounts are refused', async () => {
    const admin = await createUser(t.db, { userType: 'admin' });
    const adminAtProvider = person({ email: admin.email });
    const first = await answerFor(adminAtProvider.login);
    refusedWith(await get(first.path, first.flow), 'admin_account');

    const gone = await createUser(t.db, { isActive: false });
    const goneAtProvider = person({ email: gone.email });
    const second = await answerFor(goneAtProvider.login);
    refusedWith(await get(second.path, second.flow), 'deactivated');
  });
});

describe('forged and replayed callbacks: a clear refusal and no session', () => {
  it('refuses an edited state, a missing cookie and another browser’s cookie', async () => {
    const nia = await member();
    const { callback, flow } = await answerFor(nia.login);
    const state = callback.searchParams.get('state')!;
    const edited = new URL(callback);
    edited.searchParams.set('state', `${state.slice(0, -1)}${state.endsWith('A') ? 'B' : 'A'}`);
    refusedWith(await get(edited.pathname + edited.search, flow), 'state');
    refusedWith(await get(callback.pathname + callback.search), 'state');
    const other = await start();
    refusedWith(await get(callback.pathname + callback.search, other.flow), 'state');
    // The untouched answer still works once: the refusals above used nothing up.
    expect(cookieOf(await get(callback.pathname + callback.search, flow), 'medora_session')).toBeDefined();
  });

  it('a replayed callback finds its sign-in used up', async () => {
    const omar = await member();
    const { path, flow } = await answerFor(omar.login);
    expect(cookieOf(await get(path, flow), 'medora_session')).toBeDefined();
    refusedWith(await get(path, flow), 'expired');
  });

  it('a code already redeemed, presented with a fresh state, is refused by the provider', async () => {
    const lea = await member();
    const first = await answerFor(lea.login);
    expect(cookieOf(await get(first.path, first.flow), 'medora_session')).toBeDefined();
    const fresh = await start();
    const state = new URL(fresh.authorizationUrl).searchParams.get('state')!;
    const reused = new URL(first.callback);
    reused.searchParams.set('state', state);
    refusedWith(await get(reused.pathname + reused.search, fresh.flow), 'rejected');
  });

  it('an ID token minted for another nonce is refused', async () => {
    const ada = person();
    const { path, flow, callback } = await answerFor(ada.login);
    const state = callback.searchParams.get('state')!;
    await t.db
      .update(oidcLogins)
      .set({ nonce: 'another-sign-in' })
      .where(eq(oidcLogins.id, hashToken(state)));
    refusedWith(await get(path, flow), 'rejected');
  });

  it("shows the provider's refusal, and a cancelled sign-in as cancelled", async () => {
    for (const [error, code] of [
      ['access_denied', 'cancelled'],
      ['server_error', 'provider_error'],
    ]) {
      const { authorizationUrl, flow } = await start();
      const state = new URL(authorizationUrl).searchParams.get('state')!;
      refusedWith(await get(`/api/auth/oidc/callback?error=${error}&state=${state}`, flow), code);
    }
  });

  it('huge, repeated and NUL parameters are refused with the sign-in error, never a 500', async () => {
    const { authorizationUrl, flow } = await start();
    const state = new URL(authorizationUrl).searchParams.get('state')!;
    const attempts = [
      `state=${state}%00&code=x`,
      `state=${state}&state=${state}&code=x`,
      `state=${'A'.repeat(20_000)}&code=x`,
      `code=x`,
      ``,
    ];
    for (const query of attempts) refusedWith(await get(`/api/auth/oidc/callback?${query}`, flow), 'state');
    refusedWith(await get(`/api/auth/oidc/callback?state=${state}&code=${'x'.repeat(10_000)}`, flow), 'rejected');
    const nul = await start();
    const nulState = new URL(nul.authorizationUrl).searchParams.get('state')!;
    refusedWith(await get(`/api/auth/oidc/callback?state=${nulState}&code=ab%00cd`, nul.flow), 'rejected');
  });

  it('keeps the code and state out of the request log', () => {
    const logged = requestSummary({ method: 'GET', url: '/api/auth/oidc/callback?code=secret&state=s' });
    expect(logged.url).toBe('/api/auth/oidc/callback');
  });
});

describe('signing out', () => {
  it("ends the provider's session too (id_token_hint, back to /), and the session here", async () => {
    const sam = await member();
    const { path, flow } = await answerFor(sam.login);
    const session = cookieOf(await get(path, flow), 'medora_session')!;
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: { cookie: session, 'sec-fetch-site': 'same-origin' },
    });
    expect(res.statusCode).toBe(302);
    const signOut = new URL(locationOf(res));
    expect(signOut.origin).toBe(provider.issuer);
    expect(signOut.searchParams.get('id_token_hint')).toMatch(/^ey/);
    expect(signOut.searchParams.get('post_logout_redirect_uri')).toBe('http://127.0.0.1:5699/');
    const token = session.split('=')[1];
    expect(
      await t.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, hashToken(token))),
    ).toEqual([]);
    expect((await get('/api/auth/user', session)).statusCode).toBe(401);
  });

  it('a password session signs out here only', async () => {
    const user = await createUser(t.db);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: { cookie: await cookieFor(t.db, user), 'sec-fetch-site': 'same-origin' },
    });
    expect(locationOf(res)).toBe('/');
  });
});

describe('a provider that cannot be reached, or none', () => {
  it('the app starts, the status says so and the button leads back to the sign-in screen with the reason', async () => {
    const down = await createTestApp({
      ...provider.env('http://127.0.0.1:5699/api/auth/oidc/callback'),
      OIDC_ISSUER: 'http://127.0.0.1:9/',
    });
    try {
      const status = await down.app.inject({ method: 'GET', url: '/api/auth/oidc' });
      expect(status.json()).toEqual({ provider: { name: TEST_PROVIDER_NAME, available: false } });
      const res = await down.app.inject({ method: 'GET', url: '/api/auth/oidc/start?returnTo=%2Fappointments' });
      expect(res.statusCode).toBe(302);
      expect(locationOf(res)).toBe('/login?oidcError=unavailable&returnTo=%2Fappointments');
    } finally {
      await down.close();
    }
  });

  it('the status of this server names the provider; without one, the routes answer 404', async () => {
    expect((await get('/api/auth/oidc')).json()).toEqual({ provider: { name: TEST_PROVIDER_NAME, available: true } });
    const none = await createTestApp();
    try {
      expect((await none.app.inject({ method: 'GET', url: '/api/auth/oidc' })).json()).toEqual({ provider: null });
      expect((await none.app.inject({ method: 'GET', url: '/api/auth/oidc/start' })).statusCode).toBe(404);
      expect((await none.app.inject({ method: 'GET', url: '/api/auth/oidc/callback?state=x' })).statusCode).toBe(404);
    } finally {
      await none.close();
    }
  });
});
