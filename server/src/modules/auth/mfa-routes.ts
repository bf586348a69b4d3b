import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  mfaDisableRequestSchema,
  mfaEnableRequestSchema,
  mfaSetupReplySchema,
  mfaStatusSchema,
  mfaVerifyRequestSchema,
  recoveryCodesReplySchema,
} from '@common/schemas/mfa';
import { authReplySchema } from '@common/schemas/auth';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../deps';
import type { Router } from '../../http/route';
import { localizedError } from '../../core/errors';
import { verifyPassword } from '../../core/passwords';
import { users } from '../../db/schema';
import {
  acceptSignInCode,
  challengeUser,
  CHALLENGE_TTL_MS,
  consumeChallenge,
  disableTotp,
  enableTotp,
  mfaStatus,
  startTotpSetup,
} from './mfa';
import { mfaFlags, presentUser } from './service';

export const MFA_COOKIE = 'medora_mfa';
const MFA_COOKIE_PATH = '/api/auth/mfa';

const WRONG_CODE = { key: 'errors.wrongCode' } as const;

export function setChallengeCookie(reply: FastifyReply, token: string, secure: boolean) {
  reply.setCookie(MFA_COOKIE, token, {
    path: MFA_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure,
    maxAge: Math.floor(CHALLENGE_TTL_MS / 1000),
  });
}

const clearChallengeCookie = (reply: FastifyReply, secure: boolean) =>
  reply.clearCookie(MFA_COOKIE, { path: MFA_COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure });

/** Answers 429 when the account's sign-in lock is closed; otherwise counts this attempt. */
export async function reserveOrRefuse(
  throttle: AppContext['loginThrottle'],
  key: string,
  reply: FastifyReply,
): Promise<void> {
  const wait = await throttle.reserveAttempt(key);
  if (wait > 0) {
    reply.header('retry-after', Math.ceil(wait / 1000));
    throw localizedError('rate_limited', 'errors.tooManySignIns', { minutes: Math.ceil(wait / 60_000) });
  }
}

export function mfaRoutes(
  r: Router,
  { config, db, clock, loginThrottle: throttle }: AppContext,
  startSession: (request: FastifyRequest, reply: FastifyReply, userId: string) => Promise<unknown>,
) {
  r.get(
    '/api/auth/mfa',
    {
      access: 'user',
      summary: 'Whether two-factor sign-in is on, and how many recovery codes are left',
      schema: { response: { 200: mfaStatusSchema } },
    },
    async ({ user }) => mfaStatus(db, user.id),
  );

  r.post(
    '/api/auth/mfa/totp/setup',
    {
      access: 'user',
      summary: 'Start setting up an authenticator app: a new secret, its otpauth URL and QR code',
      description:
        'The secret stays pending until `enable` receives a code made from it. Calling again replaces a pending secret.',
      errors: { 409: 'Two-factor sign-in is already on.' },
      schema: { response: { 200: mfaSetupReplySchema } },
    },
    async ({ user }) => startTotpSetup(db, user),
  );

  r.post(
    '/api/auth/mfa/totp/enable',
    {
      access: 'user',
      summary: 'Turn two-factor sign-in on with a first code; answers 10 single-use recovery codes, shown once',
      description: 'A 400 when the code is not one of the pending secret (or was used already).',
      errors: { 409: 'Two-factor sign-in is already on.' },
      schema: { body: mfaEnableRequestSchema, response: { 200: recoveryCodesReplySchema } },
    },
    async ({ request, user }) => ({ recoveryCodes: await enableTotp(db, user.id, request.body.code, clock.now()) }),
  );

  r.post(
    '/api/auth/mfa/totp/disable',
    {
      access: 'user',
      summary: 'Turn two-factor sign-in off; needs the password and a code (or a recovery code)',
      description: 'A 400 for a wrong password or code.',
      errors: {
        429: 'Too many failed attempts on this account; `Retry-After` says when to try again.',
      },
      schema: { body: mfaDisableRequestSchema },
      replies: { 204: { description: 'Two-factor sign-in is off; the recovery codes are gone.' } },
    },
    async ({ request, reply, user }) => {
      // Guessing here is guessing the password: the same lock as the sign-in form.
      await reserveOrRefuse(throttle, user.email, reply);
      const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id));
      if (!(await verifyPassword(row?.passwordHash, request.body.password))) {
        throw localizedError('bad_request', 'errors.incorrectPassword', undefined, {
          password: { key: 'errors.field.incorrectPassword' },
        });
      }
      if (!(await acceptSignInCode(db, user.id, request.body.code, clock.now()))) {
        throw localizedError('bad_request', WRONG_CODE.key, undefined, { code: WRONG_CODE });
      }
      await throttle.reset(user.email);
      await disableTotp(db, user.id);
      return reply.status(204).send();
    },
  );

  r.post(
    '/api/auth/mfa/verify',
    {
      access: 'public',
      summary: 'Finish a sign-in that answered `mfaRequired` with a code or a recovery code; sets the session cookie',
      description:
        'Reads the short-lived, single-use challenge cookie the sign-in set. Wrong codes count against the same lock as wrong passwords.',
      errors: {
        401: 'No sign-in is waiting (expired or already used), or the code is wrong.',
        429: 'Too many failed attempts on this account; `Retry-After` says when to try again.',
      },
      rateLimit: { max: config.authRateLimitPerMinute, timeWindow: '1 minute' },
      schema: { body: mfaVerifyRequestSchema, response: { 200: authReplySchema } },
    },
    async ({ request, reply }) => {
      const token = request.cookies[MFA_COOKIE];
      const pending = await challengeUser(db, token, clock.now());
      if (!pending || !token || !pending.isActive) throw localizedError('unauthorized', 'errors.signInExpired');
      await reserveOrRefuse(throttle, pending.email, reply);
      if (!(await acceptSignInCode(db, pending.id, request.body.code, clock.now())))
        throw localizedError('unauthorized', WRONG_CODE.key);
      if (!(await consumeChallenge(db, token))) throw localizedError('unauthorized', 'errors.signInExpired');
      await throttle.reset(pending.email);
      clearChallengeCookie(reply, config.secureCookies);
      await startSession(request, reply, pending.id);
      const [row] = await db.select().from(users).where(eq(users.id, pending.id));
      return { user: presentUser(row, mfaFlags(row, true, config.adminMfaRequired)) };
    },
  );
}
