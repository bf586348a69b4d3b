/**
 * What deleting an account does, in the words the privacy page, the data export and the confirm
 * dialog all show: one list, so the three can never promise different things.
 */

/** Years the records below are kept after the account is deleted (the privacy page's retention). */
export const RECORD_RETENTION_YEARS = 7;

export const DELETION_ACTIONS: readonly string[] = [
  'Your upcoming appointments are cancelled and refunded in full.',
  'Reminders and other e-mails still waiting to be sent to you are removed, and copies of e-mails sent to your address are deleted.',
];

export const ERASED_ON_DELETION: readonly string[] = [
  'Your name, e-mail address, password and photo.',
  'Your patient profile: contact details, emergency contact, medical history, medications and allergies.',
  'Reasons for visit and notes you wrote when booking, and the comments of your reviews.',
  'The text of consultation chat messages.',
  'Your conversations with your doctors, their messages, and your documents with every copy shared.',
  'The family members you added: their names, dates of birth and who they are to you. Visits booked for them are kept as your appointments are.',
  'Your requests to be told when an earlier time opens: the doctor, type of visit, date, family member and reason. A time still held for you is released.',
  'Your notifications, sessions, pending invitations and referral code.',
];

export type KeptRecord = { what: string; why: string; forYears: number };

export const KEPT_AFTER_DELETION: readonly KeptRecord[] = [
  {
    what: 'Payments, refunds and wallet entries (amounts and dates, without your name)',
    why: 'accounting and tax law',
    forYears: RECORD_RETENTION_YEARS,
  },
  {
    what: 'The dates, types and fees of your appointments (without reasons or notes)',
    why: 'the payment records refer to them',
    forYears: RECORD_RETENTION_YEARS,
  },
  {
    what: "Your doctors' medical records of past visits (their visit notes)",
    why: 'doctors must keep medical records by law',
    forYears: RECORD_RETENTION_YEARS,
  },
  {
    what: 'The prescriptions, sick notes, referral letters and visit summaries your doctors issued, as issued (with your name and date of birth or your family member’s)',
    why: 'they are medical records, and whoever holds one must still be able to check its code',
    forYears: RECORD_RETENTION_YEARS,
  },
  {
    what: 'The security log of who read your records and when',
    why: 'every access to health data must stay answerable',
    forYears: RECORD_RETENTION_YEARS,
  },
];

/** "Payments …: kept for 7 years after deletion (accounting and tax law)." */
export const keptRecordText = (record: KeptRecord) =>
  `${record.what}: kept for ${record.forYears} years after deletion (${record.why}).`;

/** Written over the text of chat messages in a deleted account's consultations. */
export const ERASED_MESSAGE_TEXT = 'Message deleted';

/** Why the appointments a deletion cancels were cancelled, as both parties and the audit see it. */
export const ACCOUNT_DELETED_REASON = 'The patient deleted their account.';
