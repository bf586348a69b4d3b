import type { FastifyInstance } from 'fastify';
import {
  accountMessageReplySchema,
  changeEmailRequestSchema,
  changePasswordRequestSchema,
  EMAIL_CHANGE_REPLY,
  FORGOT_PASSWORD_REPLY,
  forgotPasswordRequestSchema,
  PASSWORD_CHANGED_REPLY,
  PASSWORD_RESET_REPLY,
  RESEND_VERIFICATION_REPLY,
  resetPasswordRequestSchema,
  verifyEmailReplySchema,
  verifyEmailRequestSchema,
} from '@common/schemas/account';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../deps';
import { users } from '../../db/schema';
import { localizedError } from '../../core/errors';
import { LoginThrottle, SharedLoginThrottle, type SignInThrottle } from '../../http/login-throttle';
import { route } from '../../http/route';
import { hashToken, sessionToken } from '../../http/session';
import { emailIdentity } from '../../core/email-identity';
import { auditActor, recordAudit } from '../audit/record';
import { enqueueAccountEmail } from '../mail/events';
import { confirmEmailLink, resetPasswordWithLink, setPassword } from './account';
import { endSessions } from './sessions';
import { checkCredentials } from './service';

const WINDOW_MS = 15 * 60_000;
/** Mails one address (or account) may be sent per window by resend and forgot. */
const MAILS_PER_WINDOW = 3;
/** Address-change links one target address may be sent a day, whoever asks (issue 37). */
const CHANGE_LINKS_PER_TARGET_PER_DAY = 3;
const DAY_MS = 24 * 3_600_000;

export async function accountRoutes(app: FastifyInstance, context: AppContext) {
  const { config, db, database, clock, loginThrottle } = context;
  const r = route(app, 'Authentication');
  // Counted like failed sign-ins: in PostgreSQL when instances share it, in memory otherwise.
  const mailLimit: SignInThrottle =
    database.driver === 'postgres'
      ? new SharedLoginThrottle(db, clock, MAILS_PER_WINDOW, WINDOW_MS)
      : new LoginThrottle(MAILS_PER_WINDOW, WINDOW_MS, () => clock.now().getTime());
  const perTarget: SignInThrottle =
    database.driver === 'postgres'
      ? new SharedLoginThrottle(db, clock, CHANGE_LINKS_PER_TARGET_PER_DAY, DAY_MS)
      : new LoginThrottle(CHANGE_LINKS_PER_TARGET_PER_DAY, DAY_MS, () => clock.now().getTime());
  const perAddress = { max: config.authRateLimitPerMinute, timeWindow: '1 minute' };

  /** The current password of a signed-in person, checked under the sign-in lock of their address. */
  async function requireCurrentPassword(email: string, password: string) {
    const wait = await loginThrottle.reserveAttempt(email);
    if (wait > 0) {
      throw localizedError('rate_limited', 'errors.wrongPasswordsWait', { minutes: Math.ceil(wait / 60_000) });
    }
    if (!(await checkCredentials(db, { email, password }))) {
      throw localizedError('bad_request', 'errors.currentPasswordCorrect', undefined, {
        currentPassword: { key: 'errors.field.currentPasswordWrong' },
      });
    }
    await loginThrottle.reset(email);
  }

  r.post(
    '/api/auth/email/verify',
    {
      access: 'public',
      summary: 'Confirm an e-mail address with the single-use link from a verification or address-change e-mail',
      description: 'The link works once, for 24 hours; it needs no session, so it can be opened on another device.',
      errors: { 409: 'Another account took the new address in the meantime; nothing changed.' },
      rateLimit: perAddress,
      schema: { body: verifyEmailRequestSchema, response: { 200: verifyEmailReplySchema } },
    },
    async ({ request }) => {
      const { email } = await confirmEmailLink(db, request.body.token, clock.now());
      return { email, emailVerified: true as const };
    },
  );

  r.post(
    '/api/auth/email/resend',
    {
      access: 'user',
      summary: 'Send me a new verification link',
      errors: { 409: 'The address is already verified.', 429: 'Three links in 15 minutes already.' },
      rateLimit: perAddress,
      schema: { response: { 202: accountMessageReplySchema } },
    },
    async ({ reply, user }) => {
      if (user.emailVerified) throw localizedError('conflict', 'errors.emailAlreadyVerified');
      const wait = await mailLimit.reserveAttempt(`resend:${user.id}`);
      if (wait > 0) {
        reply.header('retry-after', Math.ceil(wait / 1000));
        throw localizedError('rate_limited', 'errors.linksWait', { minutes: Math.ceil(wait / 60_000) });
      }
      await enqueueAccountEmail(db, { kind: 'verify_email', userId: user.id }, clock.now());
      return reply.status(202).send({ message: RESEND_VERIFICATION_REPLY });
    },
  );

  r.post(
    '/api/auth/password/forgot',
    {
      access: 'public',
      summary: 'Ask for a password reset link by e-mail',
      description:
        'Always 202 with the same body, whether or not an account uses the address, and with the same work done ' +
        '(one queued job): the mail is composed, or dropped, by the job worker. At most three links per address ' +
        'in 15 minutes; further requests answer the same and send nothing.',
      rateLimit: perAddress,
      schema: { body: forgotPasswordRequestSchema, response: { 202: accountMessageReplySchema } },
    },
    async ({ request, reply }) => {
      const { email } = request.body;
      const wait = await mailLimit.reserveAttempt(`forgot:${email}`);
      if (wait === 0) await enqueueAccountEmail(db, { kind: 'password_reset', email }, clock.now());
      return reply.status(202).send({ message: FORGOT_PASSWORD_REPLY });
    },
  );

  r.post(
    '/api/auth/password/reset',
    {
      access: 'public',
      summary: 'Set a new password with the single-use link from a reset e-mail; every session of the account ends',
      description:
        'The link works once, for 1 hour, and signs nobody in. Every other link of the account dies, the calendar ' +
        'feed gets a new address, a second factor set up before the address was verified is removed, open sockets ' +
        'close; a "password changed" e-mail follows.',
      rateLimit: perAddress,
      schema: { body: resetPasswordRequestSchema, response: { 200: accountMessageReplySchema } },
    },
    async ({ request }) => {
      // No session here: the person signs in afterwards through the door, second factor and all.
      const account = await resetPasswordWithLink(db, request.body.token, request.body.password, clock.now());
      await endSessions(context, account.id);
      // The lock on wrong passwords was about the old one.
      await loginThrottle.reset(account.email);
      return { message: PASSWORD_RESET_REPLY };
    },
  );

  r.post(
    '/api/auth/password/change',
    {
      access: 'user',
      summary: 'Change my password; needs the current one. My other sessions end.',
      description:
        'Every open link of the account dies and the calendar feed gets a new address; a "password changed" e-mail follows.',
      errors: { 429: 'Too many wrong current passwords (the sign-in lock of the address).' },
      schema: { body: changePasswordRequestSchema, response: { 200: accountMessageReplySchema } },
    },
    async ({ request, user }) => {
      await requireCurrentPassword(user.email, request.body.currentPassword);
      await setPassword(db, user.id, request.body.newPassword, clock.now());
      const token = sessionToken(request);
      await endSessions(context, user.id, token ? { except: hashToken(token) } : {});
      return { message: PASSWORD_CHANGED_REPLY };
    },
  );

  r.post(
    '/api/auth/email/change',
    {
      access: 'user',
      // An unconfirmed account could be anyone's: it may not send mail to outside addresses.
      verifiedEmail: true,
      summary: 'Change my e-mail address; needs the current password. The new address is confirmed by a link first.',
      description:
        'Answers the same whether or not another account uses the new address (then no link is sent). ' +
        'At most three links a day go to one target address (folded: case and `+tag`), whoever asks; further ' +
        'requests answer the same and send nothing. The request is audited (`account.email_change_request`) and ' +
        'told to the current address at once; the old address is told again once the change is confirmed.',
      errors: { 429: 'Too many wrong current passwords, or three links in 15 minutes already.' },
      schema: { body: changeEmailRequestSchema, response: { 202: accountMessageReplySchema } },
    },
    async ({ request, reply, user }) => {
      const { currentPassword, newEmail } = request.body;
      await requireCurrentPassword(user.email, currentPassword);
      if (newEmail === user.email)
        throw localizedError('bad_request', 'errors.address', undefined, {
          newEmail: { key: 'errors.field.alreadyYourAddress' },
        });
      const wait = await mailLimit.reserveAttempt(`change:${user.id}`);
      if (wait > 0) {
        throw localizedError('rate_limited', 'errors.linksWait', { minutes: Math.ceil(wait / 60_000) });
      }
      const [taken] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, newEmail), isNull(users.deletedAt)))
        .limit(1);
      // Counted for every request, so the answer and its timing say nothing about the target.
      const targetFull = (await perTarget.reserveAttempt(`change-target:${emailIdentity(newEmail)}`)) > 0;
      const now = clock.now();
      await db.transaction(async (tx) => {
        const actor = auditActor(request, user);
        await recordAudit(
          tx,
          actor,
          { action: 'account.email_change_request', target: { type: 'user', id: user.id } },
          now,
        );
        await enqueueAccountEmail(
          tx,
          { kind: 'security_notice', userId: user.id, event: 'email_change_requested' },
          now,
        );
        if (!taken && !targetFull)
          await enqueueAccountEmail(tx, { kind: 'email_change_verify', userId: user.id, newEmail }, now);
      });
      return reply.status(202).send({ message: EMAIL_CHANGE_REPLY });
    },
  );
}
