import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  authReplySchema,
  currentUserSchema,
  loginRedirectQuerySchema,
  loginRequestSchema,
  registerRequestSchema,
  safeReturnPath,
} from '@common/schemas/auth';
import type { AppDeps } from '../../app';
import { AppError, unauthorized } from '../../core/errors';
import { LoginThrottle } from '../../http/login-throttle';
import { clearSessionCookie, createSession, destroySession, sessionToken, setSessionCookie } from '../../http/session';
import { checkCredentials, currentUser, invalidCredentials, presentUser, registerUser } from './service';

export async function authRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { config, database } = deps;
  const db = database.db;
  const throttle = deps.loginThrottle ?? new LoginThrottle();
  const rateLimit = { max: config.authRateLimitPerMinute, timeWindow: '1 minute' };

  async function startSession(reply: import('fastify').FastifyReply, oldToken: string | undefined, userId: string) {
    // A fresh id at every sign-in defeats session fixation.
    await destroySession(db, oldToken);
    const token = await createSession(db, userId);
    setSessionCookie(reply, token, config.secureCookies, config.sessionIdleMs);
  }

  r.post(
    '/api/auth/login',
    {
      config: { access: 'public', rateLimit },
      schema: { body: loginRequestSchema, response: { 200: authReplySchema } },
    },
    async (request, reply) => {
      const key = request.body.email;
      const wait = throttle.retryAfter(key);
      if (wait > 0) {
        reply.header('retry-after', Math.ceil(wait / 1000));
        throw new AppError(
          'rate_limited',
          `Too many failed sign-in attempts. Try again in ${Math.ceil(wait / 60_000)} minutes.`,
        );
      }
      const user = await checkCredentials(db, request.body);
      if (!user) {
        throttle.recordFailure(key);
        throw invalidCredentials();
      }
      throttle.reset(key);
      await startSession(reply, sessionToken(request), user.id);
      return { user: presentUser(user) };
    },
  );

  r.post(
    '/api/auth/register',
    {
      config: { access: 'public', rateLimit },
      schema: { body: registerRequestSchema, response: { 201: authReplySchema } },
    },
    async (request, reply) => {
      const user = await registerUser(db, request.body);
      await startSession(reply, sessionToken(request), user.id);
      return reply.status(201).send({ user: presentUser(user) });
    },
  );

  r.get(
    '/api/auth/user',
    { config: { access: 'public' }, schema: { response: { 200: currentUserSchema } } },
    async (request) => {
      if (!request.user) throw unauthorized('Not signed in.');
      return currentUser(db, request.user);
    },
  );

  r.get(
    '/api/login',
    { config: { access: 'public' }, schema: { querystring: loginRedirectQuerySchema } },
    async (request, reply) => {
      const returnTo = safeReturnPath(request.query.returnTo ?? refererPath(request.headers.referer));
      if (request.user) return reply.redirect(returnTo);
      return reply.redirect(`/login?returnTo=${encodeURIComponent(returnTo)}`);
    },
  );

  r.get('/api/logout', { config: { access: 'public' } }, async (request, reply) => {
    await destroySession(db, sessionToken(request));
    clearSessionCookie(reply, config.secureCookies);
    return reply.redirect('/');
  });
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
