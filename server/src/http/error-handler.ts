import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { Language } from '@common/i18n/languages';
import { localizeValidation } from '@common/i18n/validation';
import type { ApiError } from '@common/schemas/errors';
import { AppError, sayError } from '../core/errors';
import { translate } from '../core/i18n';
import { requestLanguage } from './request-language';
import { isDatabaseUnavailable } from '../db/unavailable';

/** A shared validation message in the reader's language (common/i18n/validation.ts); others as they are. */
const localized = (message: string, language: Language) =>
  localizeValidation(message, (key, values) => translate(language, key, values));

function fieldsFromZod(
  issues: { instancePath?: string; params?: { issue?: { path?: PropertyKey[] } }; message?: string }[],
  language: Language,
) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key =
      issue.params?.issue?.path?.map(String).join('.') ||
      (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') ||
      '_';
    fields[key] ??= localized(issue.message ?? 'Invalid value', language);
  }
  return fields;
}

/** Fastify's and the rate limiter's own messages, from the catalogue (the limiter's wait from its Retry-After header). */
function clientErrorText(status: number, language: Language, reply: FastifyReply): string {
  if (status === 429) {
    const seconds = Number(reply.getHeader('retry-after'));
    return translate(language, 'errors.rateLimited', {
      seconds: Number.isFinite(seconds) && seconds > 0 ? seconds : 60,
    });
  }
  if (status === 413) return translate(language, 'errors.bodyTooLarge');
  if (status === 415) return translate(language, 'errors.unsupportedMediaType');
  return translate(language, 'errors.malformedBody');
}

/** Long enough for PostgreSQL to restart; short enough that a waiting client retries soon. */
export const RETRY_AFTER_SECONDS = 5;

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    const language = requestLanguage(request);
    if (error instanceof AppError) {
      const message = error.text ? sayError(language, error.text) : error.message;
      const body: ApiError = { message, code: error.code };
      // A field that repeats the message (the refused time beside its input) is said the same way.
      if (error.fields)
        body.fields = Object.fromEntries(
          Object.entries(error.fields).map(([field, text]) => {
            const own = error.fieldTexts?.[field];
            return [field, own ? sayError(language, own) : text === error.message ? message : text];
          }),
        );
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = fieldsFromZod(error.validation as never, language);
      const first = Object.entries(fields)[0];
      const message = first
        ? first[0] === '_'
          ? first[1]
          : translate(language, 'errors.fieldMessage', { field: first[0], message: first[1] })
        : translate(language, 'errors.invalidRequest');
      return reply.status(400).send({ message, code: 'bad_request', fields } satisfies ApiError);
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong content type, body too large, rate limit).
      const code = status === 429 ? 'rate_limited' : status === 413 ? 'payload_too_large' : 'bad_request';
      return reply.status(status).send({ message: clientErrorText(status, language, reply), code } satisfies ApiError);
    }
    if (isDatabaseUnavailable(error)) {
      // A restart or failover of the database: say when to come back rather than fail or hang.
      request.log.warn({ code: (error as { code?: string }).code }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({
          message: translate(language, 'errors.unavailable'),
          code: 'unavailable',
          requestId: String(request.id),
        } satisfies ApiError);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({
      message: translate(language, 'errors.internal'),
      code: 'internal',
      requestId: String(request.id),
    } satisfies ApiError);
  });
}
