import { READ_TIMEOUT } from './read-timeout';

/**
 * Whether an error means the database cannot be reached right now (down, restarting, a connection
 * cut or timed out), as opposed to a fault in the request or the code. Such a request is answered
 * 503 with Retry-After: the same request will work once the database is back.
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH']);
// 08xxx connection exceptions; 57P01-57P03 the server shutting down, crashed or starting up.
const SQLSTATE = /^(08...|57P0[123])$/;
const MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  READ_TIMEOUT,
  'Client has encountered a connection error',
  'Cannot use a pool after calling end',
  'PGlite is closed',
];

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATE.test(code))) return true;
    if (typeof message === 'string' && MESSAGES.some((m) => message.includes(m))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
