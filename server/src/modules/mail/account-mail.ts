import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { issueAccountToken } from '../account-tokens/tokens';
import { languageOf } from '@common/i18n/negotiate';
import type { Composition } from './composition';
import { translate } from '../../core/i18n';
import { accountMailInLanguage, NOTICE_TEXTS } from './account-mail-texts';
import type { AccountEmailPayload } from './payloads';

/**
 * Mail about the account itself. A link's token is issued here, when the mail is composed, so
 * the job queue never holds a usable token; `secret` lets the outbox keep a copy without it.
 */
export async function composeAccountEmail(
  db: Db,
  origin: string,
  payload: AccountEmailPayload,
  now: Date,
): Promise<Composition> {
  const where =
    payload.kind === 'password_reset'
      ? and(eq(users.email, payload.email), isNull(users.deletedAt))
      : and(eq(users.id, payload.userId), isNull(users.deletedAt));
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      isActive: users.isActive,
      language: users.language,
    })
    .from(users)
    .where(where)
    .limit(1);
  // A reset asked for an unknown address is expected: the form answers the same either way.
  if (!user)
    return { dropped: payload.kind === 'password_reset' ? 'no account has this address' : 'the account was deleted' };
  if (!user.isActive) return { dropped: 'the account is deactivated' };
  const greeting = `Hello ${user.firstName},`;
  const base = { userId: user.id, appointmentId: null, ics: null, suppressed: false } as const;
  const composed = await composeInEnglish(db, origin, payload, now, user, greeting, base);
  // The recipient's account language (issue 28); English stays as written below.
  const language = languageOf(user.language);
  if (!language || language === 'en' || 'dropped' in composed) return composed;
  return { ...composed, content: accountMailInLanguage(language, payload, user.firstName, composed.content) };
}

async function composeInEnglish(
  db: Db,
  origin: string,
  payload: AccountEmailPayload,
  now: Date,
  user: { id: string; email: string },
  greeting: string,
  base: { userId: string; appointmentId: null; ics: null; suppressed: false },
): Promise<Composition> {
  switch (payload.kind) {
    case 'verify_email': {
      const token = await issueAccountToken(db, { userId: user.id, purpose: 'verify_email' }, now);
      return {
        ...base,
        kind: 'verify_email',
        toAddress: user.email,
        secret: token,
        content: {
          subject: 'Verify your e-mail address for Medora',
          heading: 'Verify your e-mail address',
          paragraphs: [
            greeting,
            'Confirm that this address is yours to book, pay and refer on Medora. The link works once, for 24 hours.',
            'If you did not create a Medora account, ignore this e-mail.',
          ],
          action: { label: 'Verify my e-mail address', url: linkTo(origin, '/verify-email', token) },
        },
      };
    }
    case 'password_reset': {
      const token = await issueAccountToken(db, { userId: user.id, purpose: 'reset_password' }, now);
      return {
        ...base,
        kind: 'password_reset',
        toAddress: user.email,
        secret: token,
        content: {
          subject: 'Reset your Medora password',
          heading: 'Reset your password',
          paragraphs: [
            greeting,
            'Someone asked to reset the password of your Medora account. The link works once, for 1 hour.',
            'If it was not you, ignore this e-mail: your password stays as it is.',
          ],
          action: { label: 'Choose a new password', url: linkTo(origin, '/reset-password', token) },
        },
      };
    }
    case 'email_change_verify': {
      const token = await issueAccountToken(
        db,
        { userId: user.id, purpose: 'change_email', newEmail: payload.newEmail },
        now,
      );
      return {
        ...base,
        kind: 'email_change_verify',
        toAddress: payload.newEmail,
        secret: token,
        content: {
          subject: 'Confirm your new e-mail address for Medora',
          heading: 'Confirm your new e-mail address',
          paragraphs: [
            greeting,
            'Confirm this address to make it the one you sign in with. Until then your account keeps its current address. The link works once, for 24 hours.',
          ],
          action: { label: 'Confirm this address', url: linkTo(origin, '/verify-email', token) },
        },
      };
    }
    case 'password_changed':
      return {
        ...base,
        kind: 'password_changed',
        toAddress: user.email,
        content: {
          subject: 'Your Medora password was changed',
          heading: 'Your password was changed',
          paragraphs: [
            greeting,
            'The password of your Medora account was just changed, and every device signed in to it was signed out.',
            translate('en', 'mail.passwordChanged.retired'),
            'If this was not you, reset your password now with "Forgot password?" on the sign-in page.',
          ],
          action: { label: 'Sign in', url: `${origin}/login` },
        },
      };
    case 'security_notice': {
      const texts = NOTICE_TEXTS[payload.event];
      const values = { last4: payload.last4 ?? '', email: '' };
      return {
        ...base,
        kind: 'security_notice',
        toAddress: user.email,
        content: {
          subject: translate('en', texts.subject),
          heading: translate('en', texts.heading),
          paragraphs: [greeting, ...texts.lines.map((key) => translate('en', key, values))],
        },
      };
    }
    case 'email_changed':
      return {
        ...base,
        kind: 'email_changed',
        // The old address: the account no longer has it, so it is named by the job.
        toAddress: payload.oldEmail,
        content: {
          subject: 'Your Medora e-mail address was changed',
          heading: 'Your e-mail address was changed',
          paragraphs: [
            greeting,
            `Your Medora account now signs in with ${payload.newEmail}; this address no longer receives its e-mail.`,
            'If this was not you, reply to this e-mail or contact Medora support at once.',
          ],
        },
      };
  }
}

const linkTo = (origin: string, path: string, token: string) => `${origin}${path}?token=${encodeURIComponent(token)}`;
