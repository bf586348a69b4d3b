import { KEPT_AFTER_DELETION } from '../constants/account-deletion';
import type { ClientMessageKey } from './keys';

/*
 * What deleting an account does, as catalogue keys ('account-deletion' area), in the order of
 * common/constants/account-deletion.ts (which the server's data export keeps in English). The
 * English catalogue holds the same words; account-deletion-texts.test.ts fails when the two
 * drift apart. The confirm dialog (/profile) and the privacy page show them. Kept in common/ so the
 * bundler leaves it out of the landing page's first load (vite.config.ts).
 */

export const DELETION_ACTION_KEYS: readonly ClientMessageKey[] = [
  'account-deletion.action.refund',
  'account-deletion.action.mail',
];

export const ERASED_KEYS: readonly ClientMessageKey[] = [
  'account-deletion.erased.account',
  'account-deletion.erased.profile',
  'account-deletion.erased.reasons',
  'account-deletion.erased.chat',
  'account-deletion.erased.care',
  'account-deletion.erased.family',
  'account-deletion.erased.waitlist',
  'account-deletion.erased.notifications',
];

const KEPT_PAIRS: readonly { what: ClientMessageKey; why: ClientMessageKey }[] = [
  { what: 'account-deletion.kept.payments.what', why: 'account-deletion.kept.payments.why' },
  { what: 'account-deletion.kept.appointments.what', why: 'account-deletion.kept.appointments.why' },
  { what: 'account-deletion.kept.visitNotes.what', why: 'account-deletion.kept.visitNotes.why' },
  { what: 'account-deletion.kept.careDocuments.what', why: 'account-deletion.kept.careDocuments.why' },
  { what: 'account-deletion.kept.accessLog.what', why: 'account-deletion.kept.accessLog.why' },
];

export const KEPT_KEYS: readonly { what: ClientMessageKey; why: ClientMessageKey; years: number }[] = KEPT_PAIRS.map(
  (keys, index) => ({ ...keys, years: KEPT_AFTER_DELETION[index].forYears }),
);

/** The three lists in the reader's language; `t` is the screen's, with the 'account-deletion' area loaded. */
export function deletionTexts(t: (key: ClientMessageKey, values?: Record<string, string | number>) => string) {
  return {
    actions: DELETION_ACTION_KEYS.map((key) => t(key)),
    erased: ERASED_KEYS.map((key) => t(key)),
    kept: KEPT_KEYS.map(({ what, why, years }) => t('account-deletion.kept', { what: t(what), why: t(why), years })),
  };
}
