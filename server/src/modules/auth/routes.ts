import type { FastifyInstance } from 'fastify';
import {
  authReplySchema,
  currentUserSchema,
  loginRedirectQuerySchema,
  loginRequestSchema,
  registerRequestSchema,
  safeReturnPath,
  languageRequestSchema,
  timeZoneRequestSchema,
} from '@common/schemas/auth';
import type { AppContext } from '../../deps';
import { isOwnNavigation } from '../../http/cross-site';
import { route } from '../../http/route';
import { clearSessionCookie, destroySession, hashToken, sessionToken } from '../../http/session';
import { linkReferralAtSignup } from '../referrals/service';
import { endSessions } from './sessions';
import { mfaRoutes } from './mfa-routes';
import { signInDoor } from './sign-in';
import { sessionRoutes } from './session-routes';
import { OidcProviderClient } from './oidc-client';
import { idTokenOf } from './oidc-flows';
import { oidcRoutes } from './oidc-routes';
import { landingPath } from '@common/rules/landing-path';
import { loginReplySchema } from '@common/schemas/mfa';
import { currentUser, registerUser, setLanguage, setTimeZone, signUpRefused } from './service';

export async function authRoutes(app: FastifyInstance, context: AppContext) {
  const { config, db, clock, realtime } = context;
  const r = route(app, 'Authentication');
  const rateLimit = { max: config.authRateLimitPerMinute, timeWindow: '1 minute' };

  // Every way in below (password, code, provider, a new account) passes this one door.
  const signIn = signInDoor(context);
  mfaRoutes(r, context, signIn);
  sessionRoutes(r, context);
  // Asked now, in the background, so the first sign-in need not wait; a provider that is down
  // does not hold up the start (the button then says so).
  const provider = config.oidc ? new OidcProviderClient(config.oidc, app.log, clock) : null;
  void provider?.configuration();
  oidcRoutes(r, context, provider, signIn);

  r.post(
    '/api/auth/login',
    {
      access: 'public',
      summary: 'Sign in with e-mail and password; sets the session cookie, or answers `mfaRequired`',
      description:
        'With two-factor sign-in on, a right password answers `{mfaRequired: true}` and a short-lived challenge cookie, never a session: `POST /api/auth/mfa/verify` finishes the sign-in.',
      errors: {
        401: 'Wrong e-mail or password.',
        403: 'The account has been deactivated.',
        429: 'Too many failed attempts for this e-mail, or too many requests from this address; `Retry-After` says when to try again.',
      },
      rateLimit,
      schema: { body: loginRequestSchema, response: { 200: loginReplySchema } },
    },
    async ({ request, reply }) => {
      const { email, password } = request.body;
      const outcome = await signIn(request, reply, { kind: 'password', email, password });
      return outcome.kind === 'mfa_required' ? { mfaRequired: true as const } : { user: outcome.user };
    },
  );

  r.post(
    '/api/auth/register',
    {
      access: 'public',
      summary: 'Create a patient or doctor account and sign in; sets the session cookie',
      description:
        'An e-mail that already has an account is refused with the same neutral 409 whatever the password: a sign-up never signs an existing account in (the sign-in form does, with its lock and second factor).',
      errors: {
        409: 'The e-mail has an account (the message does not say so; it invites signing in instead).',
        429: 'Too many requests from this address.',
      },
      rateLimit,
      schema: { body: registerRequestSchema, response: { 201: authReplySchema } },
    },
    async ({ request, reply }) => {
      const user = await registerUser(db, request.body, clock.now());
      await linkReferralAtSignup(db, user, request.body.referralCode, clock.now());
      const outcome = await signIn(request, reply, { kind: 'new_account', user });
      // A new account has no second factor yet; the door would have said so otherwise.
      if (outcome.kind !== 'signed_in') throw signUpRefused();
      return reply.status(201).send({ user: outcome.user });
    },
  );

  r.get(
    '/api/auth/user',
    { access: 'user', summary: 'Read the signed-in user afresh', schema: { response: { 200: currentUserSchema } } },
    async ({ user }) => currentUser(db, user, config.adminMfaRequired),
  );

  r.put(
    '/api/auth/time-zone',
    {
      access: 'user',
      summary: 'Set the time zone every time is shown to me in (screens, e-mails, notifications, documents)',
      description:
        "An IANA zone id. With `detected: true` (the browser's guess at sign-in) it is stored only when none is set yet.",
      schema: { body: timeZoneRequestSchema, response: { 200: currentUserSchema } },
    },
    async ({ request, user }) => {
      const { timeZone, detected } = request.body;
      await setTimeZone(db, user.id, timeZone, { onlyIfUnset: detected === true });
      return currentUser(db, user, config.adminMfaRequired);
    },
  );

  r.put(
    '/api/auth/language',
    {
      access: 'user',
      summary: 'Set the language screens, e-mails and documents use for me (en, es, ar)',
      description:
        'Screens switch at once; e-mails and documents sent to the account from now on use it. Any other value is a 400 and nothing changes.',
      schema: { body: languageRequestSchema, response: { 200: currentUserSchema } },
    },
    async ({ request, user }) => {
      await setLanguage(db, user.id, request.body.language);
      return currentUser(db, user, config.adminMfaRequired);
    },
  );

  r.get(
    '/api/login',
    {
      access: 'public',
      summary: 'Send the browser to the sign-in page, or straight back when already signed in',
      replies: {
        302: {
          description:
            "To `/login?returnTo=…` (which offers the identity provider beside the password form when one is configured); when already signed in, to `returnTo` (same-site paths only), or to the role's home (`/dashboard`, `/admin`, `/`) when it is `/` or absent.",
        },
      },
      schema: { querystring: loginRedirectQuerySchema },
    },
    async ({ request, reply, user }) => {
      const returnTo = safeReturnPath(request.query.returnTo ?? refererPath(request.headers.referer));
      if (user) return reply.redirect(landingPath(user.userType, returnTo));
      return reply.redirect(`/login?returnTo=${encodeURIComponent(returnTo)}`);
    },
  );

  // A navigation, so any page could link to it: only our own pages and the address bar sign out.
  r.get(
    '/api/logout',
    {
      access: 'public',
      summary: 'End the session, close its sockets, clear the cookie and send the browser home',
      replies: {
        302: {
          description:
            "To `/`; a session opened with the identity provider goes to the provider's sign-out first (`id_token_hint`, back to `/`) when it offers one. A navigation another site started only redirects.",
        },
      },
    },
    async ({ request, reply, user }) => {
      if (!isOwnNavigation(request)) return reply.redirect('/');
      const token = sessionToken(request);
      // A session opened by the provider ends there too, where the provider offers a sign-out;
      // read before the session (and its ID token with it) goes.
      const providerSignOut = token && user && provider ? await provider.signOutUrl(await idTokenOf(db, token)) : null;
      // Its sockets close now, on every instance.
      if (token && user) await endSessions({ db, realtime }, user.id, { only: hashToken(token) });
      else await destroySession(db, token);
      clearSessionCookie(reply, config.secureCookies);
      return reply.redirect(providerSignOut ?? '/');
    },
  );
}

/** Browser navigations to /api/login carry the page they came from; keep only its path. */
function refererPath(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    const url = new URL(referer);
    return url.pathname + url.search;
  } catch {
    return undefined;
  }
}
