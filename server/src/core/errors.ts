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

/** The one error type of the server; http/error-handler.ts maps its code to a status. */
export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    message: string,
    public readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
  get status(): number {
    return STATUS[this.code];
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError('bad_request', message, fields);
export const unauthorized = (message = 'Please sign in to continue.') => new AppError('unauthorized', message);
export const forbidden = (message = "You don't have permission to do that.") => new AppError('forbidden', message);
export const notFound = (what = 'Resource') => new AppError('not_found', `${what} not found.`);
export const conflict = (message: string) => new AppError('conflict', message);
export const gone = (message: string) => new AppError('gone', message);
