import type { ServerMessageKey } from '@common/i18n/keys';
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

/** A message the error handler can say in the reader's language: its catalogue key and values. */
export type ErrorText = { key: ServerMessageKey; values?: MessageValues };

/** The one error type of the server; http/error-handler.ts maps its code to a status. */
export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    message: string,
    public readonly fields?: Record<string, string>,
    /** Present when the message comes from the catalogue; `message` is then its English text. */
    public readonly text?: ErrorText,
  ) {
    super(message);
  }
  get status(): number {
    return STATUS[this.code];
  }
}

/** An error whose message is a catalogue text: English in logs and tests, the reader's language in replies. */
export const localizedError = (
  code: ErrorCode,
  key: ServerMessageKey,
  values?: MessageValues,
  fields?: Record<string, string>,
) => new AppError(code, translate('en', key, values), fields, { key, values });

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
