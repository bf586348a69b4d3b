import { timingSafeEqual } from 'node:crypto';
import { loginRedirectQuerySchema, safeReturnPath } from '@common/schemas/auth';
import {
  oidcCallbackQuerySchema,
  oidcPendingSignupSchema,
  oidcSignupReplySchema,
  oidcSignupRequestSchema,
  oidcStatusSchema,
  type OidcErrorCode,
} from '@common/schemas/oidc';
import { landingPath } from '@common/rules/landing-path';
import { hasForbiddenCharacters } from '@common/schemas/text';
import { OIDC_CALLBACK_PATH } from '../../config/oidc';
import type { AppContext } from '../../deps';
import type { Router } from '../../http/route';
import { localizedError } from '../../core/errors';
import { translate } from '../../core/i18n';
import { linkReferralAtSignup } from '../referrals/service';
import { createLinkedAccount, resolveIdentity } from './oidc-accounts';
import { reasonOf, type OidcProviderClient } from './oidc-client';
import {
  beginLogin,
  holdSignup,
  LOGIN_TTL_MS,
  readSignup,
  SIGNUP_TTL_MS,
  takeLogin,
  takeSignup,
  TOKEN_PATTERN,
} from './oidc-flows';
import type { SignIn } from './sign-in';

/** The browser's half of a sign-in in progress: the same value as `state`, so a forged callback has neither. */
export const OIDC_LOGIN_COOKIE = 'medora_oidc';
/** A new person's identity waiting for the role choice. */
export const OIDC_SIGNUP_COOKIE = 'medora_oidc_signup';
const COOKIE_PATH = '/api/auth/oidc';
/** The page where a new person chooses patient or doctor. */
export const CHOOSE_ROLE_PATH = '/login/choose-role';

// The documented replies' English texts.
const NOT_CONFIGURED = translate('en', 'errors.identityProviderNotSetUp');
const SIGNUP_GONE = translate('en', 'errors.signInExpired');

const single = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The sign-in screen with the sentence for this refusal (common/schemas/oidc.ts), and where it was going. */
const refusedPath = (code: OidcErrorCode, returnTo = '/') =>
  `/login?oidcError=${code}${returnTo === '/' ? '' : `&returnTo=${encodeURIComponent(returnTo)}`}`;

/** The sign-in screen at its code step, for an account with two-factor on (the challenge cookie is set). */
const codeStepPath = (returnTo: string) => `/login?mfa=1&returnTo=${encodeURIComponent(returnTo)}`;

export function oidcRoutes(
  r: Router,
  { config, db, clock }: AppContext,
  provider: OidcProviderClient | null,
  signIn: SignIn,
) {
  const secure = config.secureCookies;
  const rateLimit = { max: config.authRateLimitPerMinute, timeWindow: '1 minute' };
  // Lax: the provider sends the browser back with a top-level GET from its own site.
  const loginCookie = { path: COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure } as const;
  const signupCookie = { path: COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure } as const;
  const configured = () => {
    if (!provider) throw localizedError('not_found', 'errors.identityProviderNotSetUp');
    return provider;
  };

  r.get(
    '/api/auth/oidc',
    {
      access: 'public',
      summary:
        "Whether this server offers signing in with a clinic's identity provider, its name and whether it answers",
      description:
        '`provider` is null when none is configured. `available` is false while the provider cannot be reached (its discovery document is asked again after 15 seconds).',
      schema: { response: { 200: oidcStatusSchema } },
    },
    async () => {
      if (!provider) return { provider: null };
      return { provider: { name: provider.settings.name, available: (await provider.configuration()) !== null } };
    },
  );

  r.get(
    '/api/auth/oidc/start',
    {
      access: 'public',
      summary: "Send the browser to the identity provider's sign-in (authorization code with PKCE, state and nonce)",
      description: `A navigation from the sign-in screen. Sets the short-lived \`${OIDC_LOGIN_COOKIE}\` cookie (httpOnly, path ${COOKIE_PATH}) holding the sign-in's state.`,
      errors: { 404: NOT_CONFIGURED, 429: 'Too many requests from this address.' },
      replies: {
        302: {
          description:
            "To the provider's authorization endpoint; when already signed in, to `returnTo` or the role's home; when the provider cannot be reached, to `/login?oidcError=unavailable`.",
        },
      },
      rateLimit,
      schema: { querystring: loginRedirectQuerySchema },
    },
    async ({ request, reply, user }) => {
      const client = configured();
      const returnTo = safeReturnPath(request.query.returnTo);
      if (user) return reply.redirect(landingPath(user.userType, returnTo));
      const configuration = await client.configuration();
      if (!configuration) return reply.redirect(refusedPath('unavailable', returnTo));
      const checks = await beginLogin(db, returnTo, clock.now());
      reply.setCookie(OIDC_LOGIN_COOKIE, checks.state, { ...loginCookie, maxAge: LOGIN_TTL_MS / 1000 });
      return reply.redirect(await client.authorizationUrl(configuration, checks));
    },
  );

  r.get(
    OIDC_CALLBACK_PATH,
    {
      access: 'public',
      summary: 'Where the identity provider sends the browser back: checks the answer and signs in, or refuses',
      description:
        'The `state` must match the cookie set by `/api/auth/oidc/start` and a sign-in not yet used (single use, 10 minutes); the code is redeemed with the PKCE verifier and the ID token checked (signature, issuer, audience, expiry, nonce). A link (issuer + subject) signs its account in; otherwise a provider-verified e-mail links a confirmed account. Refusals never set a session.',
      errors: { 404: NOT_CONFIGURED },
      replies: {
        302: {
          description: `Signed in: to \`returnTo\` or the role's home. A new person: to \`${CHOOSE_ROLE_PATH}\`. Refused: to \`/login?oidcError=<code>\` (codes in common/schemas/oidc.ts).`,
        },
      },
      schema: { querystring: oidcCallbackQuerySchema },
    },
    async ({ request, reply }) => {
      const client = configured();
      const now = clock.now();
      const cookieState = request.cookies[OIDC_LOGIN_COOKIE];
      reply.clearCookie(OIDC_LOGIN_COOKIE, loginCookie);
      const state = single(request.query.state);
      // The state must be the one this browser was given: a callback forged for someone else's
      // browser, or with an edited state, has no matching cookie.
      if (!state || !TOKEN_PATTERN.test(state) || !cookieState || !sameToken(cookieState, state))
        return reply.redirect(refusedPath('state'));
      const login = await takeLogin(db, state, now);
      if (!login) return reply.redirect(refusedPath('expired'));
      const { returnTo } = login;
      if (request.query.error !== undefined) {
        const cancelled = single(request.query.error) === 'access_denied';
        return reply.redirect(refusedPath(cancelled ? 'cancelled' : 'provider_error', returnTo));
      }
      const code = single(request.query.code);
      const iss = single(request.query.iss);
      if (!code || code.length > 4096 || hasForbiddenCharacters(code) || (iss && iss.length > 2048))
        return reply.redirect(refusedPath('rejected', returnTo));
      const configuration = await client.configuration();
      if (!configuration) return reply.redirect(refusedPath('unavailable', returnTo));
      let identity;
      try {
        identity = await client.redeem(configuration, { code, state, iss }, login);
      } catch (err) {
        request.log.warn({ reason: reasonOf(err) }, 'OpenID Connect callback refused');
        return reply.redirect(refusedPath('rejected', returnTo));
      }
      const outcome = await resolveIdentity(db, identity, now);
      if (outcome.kind === 'refused') return reply.redirect(refusedPath(outcome.code, returnTo));
      if (outcome.kind === 'new_person') {
        const token = await holdSignup(db, outcome.identity, returnTo, now);
        reply.setCookie(OIDC_SIGNUP_COOKIE, token, { ...signupCookie, maxAge: SIGNUP_TTL_MS / 1000 });
        return reply.redirect(CHOOSE_ROLE_PATH);
      }
      // The provider's verified sign-in stands in for the password, never for the second factor:
      // with one on, the browser goes to the code step of the sign-in screen (the lock keeps
      // counting until the code is right); otherwise the door clears the lock.
      const entered = await signIn(request, reply, { kind: 'provider', user: outcome.user, idToken: identity.idToken });
      if (entered.kind === 'mfa_required') return reply.redirect(codeStepPath(returnTo));
      return reply.redirect(landingPath(entered.userType, returnTo));
    },
  );

  r.get(
    '/api/auth/oidc/signup',
    {
      access: 'public',
      summary: 'The new person waiting to choose patient or doctor after a first sign-in with the provider',
      description: `Read from the \`${OIDC_SIGNUP_COOKIE}\` cookie; \`signup\` is null when none is waiting (expired after 15 minutes, or finished).`,
      schema: { response: { 200: oidcPendingSignupSchema } },
    },
    async ({ request }) => {
      const row = provider ? await readSignup(db, request.cookies[OIDC_SIGNUP_COOKIE], clock.now()) : null;
      if (!row || !provider) return { signup: null };
      const { email, firstName, lastName, emailVerified } = row;
      return { signup: { providerName: provider.settings.name, email, firstName, lastName, emailVerified } };
    },
  );

  r.post(
    '/api/auth/oidc/signup',
    {
      access: 'public',
      summary:
        'Create the waiting person’s account as a patient or a doctor, linked to their provider identity, and sign in',
      description:
        'Once per waiting sign-up. The account has no password; an address the provider did not confirm gets the usual confirmation e-mail.',
      errors: {
        401: SIGNUP_GONE,
        409: 'An account with this e-mail address was created in the meantime.',
        429: 'Too many requests from this address.',
      },
      rateLimit,
      schema: { body: oidcSignupRequestSchema, response: { 201: oidcSignupReplySchema } },
    },
    async ({ request, reply }) => {
      const now = clock.now();
      const signup = provider ? await takeSignup(db, request.cookies[OIDC_SIGNUP_COOKIE], now) : null;
      reply.clearCookie(OIDC_SIGNUP_COOKIE, signupCookie);
      if (!signup) throw localizedError('unauthorized', 'errors.signInExpired');
      const user = await createLinkedAccount(db, signup, request.body, now);
      await linkReferralAtSignup(db, user, request.body.referralCode, now);
      const entered = await signIn(request, reply, { kind: 'new_account', user, idToken: signup.idToken });
      // A new account has no second factor yet.
      if (entered.kind !== 'signed_in') throw localizedError('unauthorized', 'errors.signInExpired');
      return reply.status(201).send({ user: entered.user, returnTo: signup.returnTo });
    },
  );
}
