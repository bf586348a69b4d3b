import { randomUUID } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';

// Secrets and anything a patient told us about their health never reach the logs.
const REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.passwordHash',
  '*.token',
  '*.clientSecret',
  '*.cardNumber',
  '*.cvc',
  '*.reasonForVisit',
  '*.additionalNotes',
  '*.medicalHistory',
  '*.currentMedications',
  '*.allergies',
];

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: REDACT, censor: '[redacted]' },
  };
}

export function requestId(req: { headers: Record<string, string | string[] | undefined> }): string {
  const incoming = req.headers['x-request-id'];
  // Accept a proxy's id only if it looks like one, so logs cannot be forged with newlines.
  if (typeof incoming === 'string' && /^[\w.-]{8,64}$/.test(incoming)) return incoming;
  return randomUUID();
}
