import type { FastifyRequest } from 'fastify';
import { LANGUAGE_COOKIE, type Language } from '@common/i18n/languages';
import { resolveLanguage } from '@common/i18n/negotiate';

/**
 * The language a reply speaks: the signed-in account's, else the visitor's cookie, else the
 * browser's Accept-Language, else English. Unknown codes anywhere are skipped, never an error.
 */
export function requestLanguage(request: FastifyRequest): Language {
  const header = request.headers['accept-language'];
  return resolveLanguage({
    account: request.user?.language,
    cookie: request.cookies?.[LANGUAGE_COOKIE],
    acceptLanguage: Array.isArray(header) ? header.join(',') : header,
  });
}
