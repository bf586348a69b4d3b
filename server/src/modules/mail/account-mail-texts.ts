import type { Language } from '@common/i18n/languages';
import type { ServerMessageKey } from '@common/i18n/keys';
import { translate } from '../../core/i18n';
import type { AccountEmailPayload, SecurityNoticeEvent } from './payloads';
import { ownDirection } from './own-direction';
import type { EmailContent } from './template';

type Texts = {
  subject: ServerMessageKey;
  heading: ServerMessageKey;
  lines: ServerMessageKey[];
  action?: ServerMessageKey;
};

const TEXTS: Record<Exclude<AccountEmailPayload['kind'], 'security_notice'>, Texts> = {
  verify_email: {
    subject: 'mail.verify.subject',
    heading: 'mail.verify.heading',
    lines: ['mail.verify.line', 'mail.verify.ignore'],
    action: 'mail.verify.action',
  },
  password_reset: {
    subject: 'mail.reset.subject',
    heading: 'mail.reset.heading',
    lines: ['mail.reset.line', 'mail.reset.ignore'],
    action: 'mail.reset.action',
  },
  email_change_verify: {
    subject: 'mail.emailChange.subject',
    heading: 'mail.emailChange.heading',
    lines: ['mail.emailChange.line'],
    action: 'mail.emailChange.action',
  },
  password_changed: {
    subject: 'mail.passwordChanged.subject',
    heading: 'mail.passwordChanged.heading',
    lines: ['mail.passwordChanged.line', 'mail.passwordChanged.retired', 'mail.passwordChanged.notYou'],
    action: 'mail.passwordChanged.action',
  },
  email_changed: {
    subject: 'mail.emailChanged.subject',
    heading: 'mail.emailChanged.heading',
    lines: ['mail.emailChanged.line', 'mail.emailChanged.notYou'],
  },
  family_takeover_invite: {
    subject: 'mail.takeoverInvite.subject',
    heading: 'mail.takeoverInvite.heading',
    lines: ['mail.takeoverInvite.line', 'mail.takeoverInvite.after', 'mail.takeoverInvite.expiry'],
    action: 'mail.takeoverInvite.action',
  },
  family_record_taken_over: {
    subject: 'mail.takenOver.subject',
    heading: 'mail.takenOver.heading',
    lines: ['mail.takenOver.line', 'mail.takenOver.money'],
  },
};

/** Whom the mail greets, and the other names its lines say (a family member's, their holder's). */
export type MailNames = { greet: string; holder?: string; member?: string };

/** A change made with the password, told to the account's address (issue 37). */
const NOTICE_TEXTS: Record<SecurityNoticeEvent, Texts> = {
  mfa_enabled: {
    subject: 'mail.notice.mfaEnabled.subject',
    heading: 'mail.notice.mfaEnabled.heading',
    lines: ['mail.notice.mfaEnabled.line', 'mail.notice.notYou'],
  },
  payout_account_replaced: {
    subject: 'mail.notice.payoutAccount.subject',
    heading: 'mail.notice.payoutAccount.heading',
    lines: ['mail.notice.payoutAccount.line', 'mail.notice.notYou'],
  },
  email_change_requested: {
    subject: 'mail.notice.emailChange.subject',
    heading: 'mail.notice.emailChange.heading',
    lines: ['mail.notice.emailChange.line', 'mail.notice.notYou'],
  },
};

const textsOf = (payload: AccountEmailPayload): Texts =>
  payload.kind === 'security_notice' ? NOTICE_TEXTS[payload.event] : TEXTS[payload.kind];

/** Account mail's words in the account's language, around the link the composer made. */
export function accountMailInLanguage(
  language: Language,
  payload: AccountEmailPayload,
  names: MailNames,
  actionUrl: string | undefined,
): EmailContent {
  const texts = textsOf(payload);
  const values = {
    email: ownDirection(language, 'newEmail' in payload ? payload.newEmail : ''),
    last4: ownDirection(language, 'last4' in payload ? (payload.last4 ?? '') : ''),
    holder: ownDirection(language, names.holder ?? ''),
    member: ownDirection(language, names.member ?? ''),
  };
  return {
    subject: translate(language, texts.subject, values),
    heading: translate(language, texts.heading, values),
    paragraphs: [
      translate(language, 'mail.greeting.patient', { name: names.greet }),
      ...texts.lines.map((key) => translate(language, key, values)),
    ],
    action: actionUrl && texts.action ? { label: translate(language, texts.action), url: actionUrl } : undefined,
    language,
  };
}
