import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { familyMemberFirstName } from '../../policies/family-member';
import { issueAccountToken } from '../account-tokens/tokens';
import { languageOf } from '@common/i18n/negotiate';
import type { Composition } from './composition';
import { accountMailInLanguage, type MailNames } from './account-mail-texts';
import type { AccountEmailPayload } from './payloads';
import { DEFAULT_LANGUAGE } from '@common/i18n/languages';

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
  // Who it goes to, its single-use token and its link; the words are the account's language's (issue 28).
  const envelope = await envelopeOf(db, origin, payload, now, user);
  const language = languageOf(user.language) ?? DEFAULT_LANGUAGE;
  return {
    userId: user.id,
    appointmentId: null,
    ics: null,
    suppressed: false,
    kind: payload.kind,
    toAddress: envelope.toAddress,
    ...(envelope.secret && { secret: envelope.secret }),
    content: accountMailInLanguage(language, payload, envelope.names ?? { greet: user.firstName }, envelope.actionUrl),
  };
}

type Envelope = { toAddress: string; secret?: string; actionUrl?: string; names?: MailNames };

async function envelopeOf(
  db: Db,
  origin: string,
  payload: AccountEmailPayload,
  now: Date,
  user: { id: string; email: string; firstName: string },
): Promise<Envelope> {
  switch (payload.kind) {
    case 'verify_email': {
      const token = await issueAccountToken(db, { userId: user.id, purpose: 'verify_email' }, now);
      return { toAddress: user.email, secret: token, actionUrl: linkTo(origin, '/verify-email', token) };
    }
    case 'password_reset': {
      const token = await issueAccountToken(db, { userId: user.id, purpose: 'reset_password' }, now);
      return { toAddress: user.email, secret: token, actionUrl: linkTo(origin, '/reset-password', token) };
    }
    case 'email_change_verify': {
      const token = await issueAccountToken(
        db,
        { userId: user.id, purpose: 'change_email', newEmail: payload.newEmail },
        now,
      );
      return { toAddress: payload.newEmail, secret: token, actionUrl: linkTo(origin, '/verify-email', token) };
    }
    case 'password_changed':
      return { toAddress: user.email, actionUrl: `${origin}/login` };
    case 'security_notice':
      return { toAddress: user.email };
    case 'email_changed':
      // The old address: the account no longer has it, so it is named by the job.
      return { toAddress: payload.oldEmail };
    case 'family_takeover_invite': {
      // The member has no account yet: the mail greets them, says who sent it, and its link names the member.
      const member = await familyMemberFirstName(db, payload.familyMemberId);
      const token = await issueAccountToken(
        db,
        {
          userId: user.id,
          purpose: 'family_takeover',
          newEmail: payload.email,
          familyMemberId: payload.familyMemberId,
        },
        now,
      );
      return {
        toAddress: payload.email,
        secret: token,
        actionUrl: linkTo(origin, '/take-over', token),
        names: { greet: member, holder: user.firstName },
      };
    }
    case 'family_record_taken_over':
      return {
        toAddress: user.email,
        names: { greet: user.firstName, member: await familyMemberFirstName(db, payload.familyMemberId) },
      };
  }
}

const linkTo = (origin: string, path: string, token: string) => `${origin}${path}?token=${encodeURIComponent(token)}`;
