import type { ClientMessageKey } from '@common/i18n/keys';

/** The referral page's failure text (a catalogue key), chosen by what the server's message says. */
export function referralFailureText(serverMessage: string | undefined): ClientMessageKey {
  const message = (serverMessage ?? '').toLowerCase();
  if (message.includes('already referred')) return 'referrals.failure.alreadyReferred';
  if (message.includes('invalid email')) return 'referrals.failure.invalidEmail';
  if (message.includes('duplicate')) return 'referrals.failure.duplicate';
  return 'referrals.failure.other';
}
