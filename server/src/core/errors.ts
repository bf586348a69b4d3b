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
  fields?: Record<string, string | ErrorText>,
): AppError {
  const texts = Object.entries(fields ?? {}).filter((e): e is [string, ErrorText] => typeof e[1] !== 'string');
  const english =
    fields &&
    Object.fromEntries(Object.entries(fields).map(([f, v]) => [f, typeof v === 'string' ? v : sayError('en', v)]));
  return new AppError(
    code,
    sayError('en', { key, values }),
    english,
    { key, values },
    texts.length ? Object.fromEntries(texts) : undefined,
  );
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError('bad_request', message, fields);
export const unauthorized = (message?: string) =>
  message === undefined
    ? localizedError('unauthorized', 'errors.signInRequired')
    : new AppError('unauthorized', message);
export const forbidden = (message?: string) =>
  message === undefined ? localizedError('forbidden', 'errors.forbidden') : new AppError('forbidden', message);
/** The records a 404 names in every language (errors.notFound.thing); others stay English. */
const NAMED = new Set([
  'Appointment',
  'Doctor',
  'Payment',
  'User',
  'Account',
  'Receipt',
  'Report',
  'Notification',
  'Consultation',
  'Payout',
]);
export const notFound = (what = 'Resource') =>
  NAMED.has(what)
    ? localizedError('not_found', 'errors.notFound.thing', { what })
    : new AppError('not_found', `${what} not found.`);
export const conflict = (message: string) => new AppError('conflict', message);
export const gone = (message: string) => new AppError('gone', message);
