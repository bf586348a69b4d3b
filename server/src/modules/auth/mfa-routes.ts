import {
  mfaDisableRequestSchema,
  mfaEnableRequestSchema,
  mfaSetupReplySchema,
  mfaStatusSchema,
  mfaVerifyRequestSchema,
  recoveryCodesReplySchema,
} from '@common/schemas/mfa';
import { authReplySchema } from '@common/schemas/auth';
import type { AppContext } from '../../deps';
import type { Router } from '../../http/route';
import { localizedError } from '../../core/errors';
import { checkPassword, reserveOrRefuse, requirePassword } from '../../http/re-authentication';
import { auditActor, recordAudit } from '../audit/record';
import { enqueueAccountEmail } from '../mail/events';
import { acceptSignInCode, disableTotp, enableTotp, mfaStatus, startTotpSetup } from './mfa';
import { MFA_COOKIE, type SignIn } from './sign-in';

const WRONG_CODE = { key: 'errors.wrongCode' } as const;

export function mfaRoutes(r: Router, context: AppContext, signIn: SignIn) {
  const { config, db, clock, loginThrottle: throttle } = context;
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
      // Two-factor set up on an address nobody proved would let a squatter lock the owner out.
      verifiedEmail: true,
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
      verifiedEmail: true,
      summary:
        'Turn two-factor sign-in on with a first code and the password; answers 10 single-use recovery codes, shown once',
      description:
        'A 400 when the password is wrong or the code is not one of the pending secret (or was used already). Wrong passwords count against the sign-in lock. Audited (`mfa.enable`) and told to the account’s address.',
      errors: {
        409: 'Two-factor sign-in is already on.',
        429: 'Too many failed attempts on this account; `Retry-After` says when to try again.',
      },
      schema: { body: mfaEnableRequestSchema, response: { 200: recoveryCodesReplySchema } },
    },
    async ({ request, reply, user }) => {
      await requirePassword(context, user, request.body.password, reply);
      const now = clock.now();
      // Turned on, recorded and told together, or none of them.
      const recoveryCodes = await db.transaction(async (tx) => {
        const codes = await enableTotp(tx, user.id, request.body.code, now);
        const actor = auditActor(request, user);
        await recordAudit(tx, actor, { action: 'mfa.enable', target: { type: 'user', id: user.id } }, now);
        await enqueueAccountEmail(tx, { kind: 'security_notice', userId: user.id, event: 'mfa_enabled' }, now);
        return codes;
      });
      return { recoveryCodes };
    },
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
      await checkPassword(db, user.id, request.body.password);
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
      const challenge = request.cookies[MFA_COOKIE];
      const outcome = await signIn(request, reply, { kind: 'second_factor', challenge, code: request.body.code });
      // A right code is the second factor itself: the door never asks for another.
      if (outcome.kind !== 'signed_in') throw localizedError('unauthorized', 'errors.signInExpired');
      return { user: outcome.user };
    },
  );
}
