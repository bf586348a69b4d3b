import type { ServerMessageKey } from '@common/i18n/keys';
import type { Language } from '@common/i18n/languages';
import { translate, type MessageValues } from './i18n';

const STATUS = {
  bad_request: 400,
  unauthorized: 401,
  payment_required: 402,
  forbidden: 403,
  email_unverified: 403,
  /** An administrator who must set up two-factor sign-in first (ADMIN_MFA_REQUIRED). */
  mfa_setup_required: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof STATUS;

/** Values said differently per language (a specialty's name, an amount) are made for each reader. */
export type ErrorValues = MessageValues | ((language: Language) => MessageValues);
/** A message the error handler can say in the reader's language: its catalogue key and values. */
export type ErrorText = { key: ServerMessageKey; values?: ErrorValues };

/** An error text in a language. */
export const sayError = (language: Language, { key, values }: ErrorText) =>
  translate(language, key, typeof values === 'function' ? values(language) : values);

/** The one error type of the server; http/error-handler.ts maps its code to a status. */
export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    message: string,
    public readonly fields?: Record<string, string>,
    /** Present when the message comes from the catalogue; `message` is then its English text. */
    public readonly text?: ErrorText,
    /** Field messages from the catalogue; `fields` holds their English text. */
    public readonly fieldTexts?: Record<string, ErrorText>,
  ) {
    super(message);
  }
  get status(): number {
    return STATUS[this.code];
  }
}

/** An error whose message is a catalogue text: English in logs and tests, the reader's language in replies. */
export function localizedError(
  code: ErrorCode,
  key: ServerMessageKey,
  values?: ErrorValues,
  fields?: Record<string, ErrorText>,
): AppError {
  // Every field message is a catalogue text too, so a form shows it in the reader's language.
  const english = fields && Object.fromEntries(Object.entries(fields).map(([f, v]) => [f, sayError('en', v)]));
  return new AppError(code, sayError('en', { key, values }), english, { key, values }, fields);
}

/**
 * A 400 in the words of a shared rule (common/) that has no catalogue key yet: said as it is. The
 * English-errors test allows it only where its list says why.
 */
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError('bad_request', message, fields);
export const unauthorized = () => localizedError('unauthorized', 'errors.signInRequired');
export const forbidden = () => localizedError('forbidden', 'errors.forbidden');
/** Each record a 404 can name, by its English name, and its case in errors.notFound.thing. */
const THINGS = {
  Resource: 'Resource',
  Appointment: 'Appointment',
  Doctor: 'Doctor',
  Payment: 'Payment',
  User: 'User',
  Account: 'Account',
  Receipt: 'Receipt',
  Report: 'Report',
  Notification: 'Notification',
  Consultation: 'Consultation',
  Payout: 'Payout',
  'Patient profile': 'PatientProfile',
  'Doctor profile': 'DoctorProfile',
  'Visit summary': 'VisitSummary',
  'Time off': 'TimeOff',
  Photo: 'Photo',
  Application: 'Application',
  Campaign: 'Campaign',
  'Report purchase': 'ReportPurchase',
  Session: 'Session',
  'Calendar feed': 'CalendarFeed',
  'E-mail': 'Email',
  Job: 'Job',
  Page: 'Page',
  Route: 'Route',
  'Payment intent': 'PaymentIntent',
  Conversation: 'Conversation',
  Document: 'Document',
} as const;
/** A record a 404 names; a new one needs its case in errors.notFound.thing in every language. */
export type NotFoundThing = keyof typeof THINGS;
export const NOT_FOUND_THINGS = Object.keys(THINGS) as NotFoundThing[];
export const notFound = (what: NotFoundThing = 'Resource') =>
  localizedError('not_found', 'errors.notFound.thing', { what: THINGS[what] });
