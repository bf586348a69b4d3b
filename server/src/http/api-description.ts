import type { FastifySchema } from 'fastify';
import { allowedRoles, type Access } from './access';

/** Refusals a handler may raise beyond those its access rule, input and path already imply. */
export type ExtraStatus = 401 | 402 | 403 | 404 | 409 | 410 | 413 | 415 | 429 | 503;
/** Each declared refusal with the sentence that says when it happens. */
export type DeclaredErrors = Partial<Record<ExtraStatus, string>>;

/** A reply that is not JSON checked by a response schema (a file, a redirect, no body). */
export type DocumentedReply = { description: string; contentType?: string };

/** What route() records in a route's config so the OpenAPI transform can complete the operation. */
export type OperationNotes = {
  errors: Record<number, string>;
  replies: Record<number, DocumentedReply>;
};

export const SESSION_SCHEME = 'session';

const ROLE_NAMES = { patient: 'patients', doctor: 'doctors', admin: 'administrators' } as const;

export function accessLine(access: Access): string {
  if (access === 'public') return 'Access: anyone, signed in or not.';
  if (access === 'user') return 'Access: any signed-in user.';
  const names = allowedRoles(access)!.map((role) => ROLE_NAMES[role]);
  return `Access: ${names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0]}.`;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const DEFAULT_TEXT: Record<ExtraStatus, string> = {
  401: 'Not signed in, or the session has ended.',
  402: 'The payment has not been completed.',
  403: 'Refused.',
  404: 'A record the request names does not exist or is not yours.',
  409: "The request conflicts with the record's current state.",
  410: 'The resource existed but is no longer available.',
  413: 'The body is larger than this route accepts.',
  415: 'The body is not of a type this route accepts.',
  429: 'Too many requests; try again later.',
  503: 'A service the route depends on is unavailable.',
};

type Described = {
  method: string;
  url: string;
  access: Access;
  schema: FastifySchema | undefined;
  errors?: DeclaredErrors;
  rateLimited?: boolean;
  verifiedEmail?: boolean;
};

/**
 * The refusals a route can answer, derived from what the route declares so the description cannot
 * drift from the code: input → 400, a session → 401, a role or a state change → 403, a path
 * parameter → 404, a rate limit → 429; the rest (409, 410...) the route names itself.
 */
export function errorsOf({
  method,
  url,
  access,
  schema,
  errors = {},
  rateLimited,
  verifiedEmail,
}: Described): Record<number, string> {
  const out: Record<number, string> = {};
  const input = Boolean(schema?.body || schema?.querystring || schema?.params);
  if (input || WRITES.has(method)) out[400] = 'The input is invalid; `fields` names each bad field.';
  if (access !== 'public') out[401] = 'Not signed in, or the session has ended.';
  const refusals: string[] = [];
  if (allowedRoles(access)) refusals.push('the caller’s role is not admitted');
  if (WRITES.has(method)) refusals.push('the request came from another site');
  if (verifiedEmail) refusals.push('the caller has not verified their e-mail address (code `email_unverified`)');
  if (refusals.length) out[403] = `Refused: ${refusals.join(', or ')}.`;
  if (url.includes('/:')) out[404] = 'Not found, or not yours: other users’ records are never revealed.';
  if (rateLimited) out[429] = DEFAULT_TEXT[429];
  for (const [status, text] of Object.entries(errors)) {
    out[Number(status)] = text || DEFAULT_TEXT[Number(status) as ExtraStatus];
  }
  return out;
}
