import { randomUUID } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';
import { describeDbError } from '../db/errors';

// Secrets and anything a patient told us about their health never reach the logs.
const REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.passwordHash',
  '*.token',
  '*.clientSecret',
  // A TURN credential (ICE server entries) and any secret a logged object might carry.
  '*.credential',
  '*.secret',
  '*.cardNumber',
  '*.cvc',
  '*.reasonForVisit',
  '*.additionalNotes',
  '*.medicalHistory',
  '*.currentMedications',
  '*.allergies',
];

/**
 * `pretty` (the development server on a terminal) formats lines with pino-pretty, a development
 * dependency loaded only then; everywhere else the lines stay JSON for log collectors.
 */
export function loggerOptions(
  level: string,
  stream?: { write(line: string): void },
  pretty = false,
): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: REDACT, censor: '[redacted]' },
    serializers: { err: safeError, req: requestSummary },
    ...(stream ? { stream } : {}),
    ...(pretty && !stream
      ? {
          transport: {
            target: 'pino-pretty',
            options: { colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
}

type LoggedRequest = {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
};

// The provider's callback carries a one-time code and the sign-in's state: single use, but not for logs.
const URL_WITHOUT_QUERY = ['/api/auth/oidc/callback'];

/** Fastify's request summary, minus the query of the URLs above. */
export function requestSummary(req: LoggedRequest) {
  const path = req.url.split('?')[0];
  return {
    method: req.method,
    url: URL_WITHOUT_QUERY.includes(path) ? path : req.url,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

export function requestId(req: { headers: Record<string, string | string[] | undefined> }): string {
  const incoming = req.headers['x-request-id'];
  // Accept a proxy's id only if it looks like one, so logs cannot be forged with newlines.
  if (typeof incoming === 'string' && /^[\w.-]{8,64}$/.test(incoming)) return incoming;
  return randomUUID();
}

/**
 * Errors are logged by type, code, message and call sites only. A failed query carries its SQL
 * parameters in its message, stack and fields (a password hash, a reason for visit); for those
 * the driver's own message stands in, which names the problem without the values.
 */
export function safeError(error: unknown): { type: string; message: string; stack: string; code?: string } {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const { code, message } = describeDbError(error);
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  return { type: error.name, ...(code ? { code } : {}), message, stack: frames.slice(0, 12).join('\n') };
}
