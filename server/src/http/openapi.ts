import { existsSync, readFileSync } from 'node:fs';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@common/schemas/errors';
import { SESSION_SCHEME } from './api-description';
import { route } from './route';
import { SESSION_COOKIE } from './session';
import { fromRoot } from '../core/paths';

export const OPENAPI_JSON = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';

/** Named schemas that become components; every error response refers to the one error shape. */
const components = z.registry<{ id: string }>();
components.add(apiErrorSchema, { id: 'ApiError' });
const ERROR_REF = { $ref: '#/components/schemas/ApiError' };

const VERSION = (JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as { version: string }).version;
/** The product's own mark instead of the viewer's, for the page's logo and its tab (the sources, or the build's copy). */
const MARK = readFileSync(
  [fromRoot('client/public/favicon.svg'), fromRoot('dist/client/favicon.svg')].find((file) => existsSync(file)) ??
    fromRoot('client/public/favicon.svg'),
);

type JsonSchema = Record<string, unknown>;
type Operation = { schema: JsonSchema & { response?: Record<string, JsonSchema> }; url: string };

const DESCRIBED = 'x-response-description';
const SUCCESS_TEXT: Record<string, string> = { 200: 'OK', 201: 'Created', 204: 'No content' };

/** A body that is not JSON: text as a string, anything else as bytes. */
const bodySchema = (contentType: string) =>
  contentType.includes('json')
    ? { type: 'object' }
    : contentType.startsWith('text/')
      ? { type: 'string' }
      : { type: 'string', format: 'binary' };

/**
 * Wraps the zod transform: routes that did not come through route() (the docs page's own files,
 * the client's static files) are left out, and each operation gets the refusals and non-JSON
 * replies route() worked out from its declaration.
 */
function createTransform() {
  const zodTransform = createJsonSchemaTransform({ schemaRegistry: components });
  return (input: Parameters<typeof zodTransform>[0]) => {
    const notes = input.route.config?.operation;
    if (!notes) return { schema: { hide: true }, url: input.url };
    const { schema, url } = zodTransform(input) as Operation;
    const response: Record<string, JsonSchema> = {};
    // @fastify/swagger takes a reply's description from this key and keeps it out of the schema.
    for (const [status, json] of Object.entries(schema.response ?? {})) {
      response[status] = { [DESCRIBED]: SUCCESS_TEXT[status] ?? 'Reply', ...json };
    }
    for (const [status, reply] of Object.entries(notes.replies)) {
      if (reply.contentType) {
        const content = { [reply.contentType]: { schema: bodySchema(reply.contentType) } };
        response[status] = { description: reply.description, content };
      } else if (response[status]) {
        response[status] = { ...response[status], [DESCRIBED]: reply.description };
      } else {
        // @fastify/swagger writes no content for a 'null' schema: a redirect or an empty reply.
        response[status] = { description: reply.description, type: 'null' };
      }
    }
    for (const [status, description] of Object.entries(notes.errors)) {
      response[status] = { description, content: { 'application/json': { schema: ERROR_REF } } };
    }
    return { schema: { ...schema, response }, url };
  };
}

/** The zod registry's components, minus those no operation refers to (the error shape's input side). */
function createTransformObject() {
  const withComponents = createJsonSchemaTransformObject({ schemaRegistry: components });
  return (input: Parameters<typeof withComponents>[0]) => {
    const document = withComponents(input) as { components?: { schemas?: Record<string, unknown> } };
    const schemas = document.components?.schemas;
    if (schemas) {
      const text = JSON.stringify({ ...document, components: { ...document.components, schemas: {} } });
      for (const name of Object.keys(schemas)) {
        if (!text.includes(`"#/components/schemas/${name}"`)) delete schemas[name];
      }
    }
    return document as ReturnType<typeof withComponents>;
  };
}

/** Must be registered before any route: @fastify/swagger collects routes as they are added. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Medora API',
        version: VERSION,
        description:
          'The HTTP API of Medora, the telehealth marketplace. Bodies are JSON; money is integer cents; ' +
          'times are ISO 8601 instants in UTC. Every refusal answers the `ApiError` shape; a 500 carries ' +
          'a `requestId` that matches the server log line.',
      },
      // Relative: the document describes whichever deployment serves it.
      servers: [{ url: '/', description: 'The Medora server that serves this document' }],
      components: {
        securitySchemes: {
          [SESSION_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: 'The session cookie set by sign-in or sign-up (httpOnly).',
          },
        },
      },
    },
    transform: createTransform(),
    transformObject: createTransformObject(),
  });
}

/** The description as JSON, and a page to read it, served from the package's own files. */
export async function openApiRoutes(app: FastifyInstance) {
  route(app, 'API description').get(
    OPENAPI_JSON,
    {
      access: 'public',
      summary: 'Read this description of the API, as an OpenAPI 3.1 document',
      replies: { 200: { description: 'The OpenAPI document.', contentType: 'application/json' } },
    },
    async () => app.swagger(),
  );
  await app.register(async (docs) => {
    // The viewer's routes are registered by the plugin, not route(); they are public pages.
    docs.addHook('onRoute', (options) => {
      options.config = { ...options.config, access: 'public' };
    });
    await docs.register(swaggerUi, {
      routePrefix: DOCS_PREFIX,
      // Tags start collapsed: with every one of 140+ operations drawn at once the viewer stopped
      // drawing after about 127 of them (seen in Chromium), and a list of tags reads better anyway.
      uiConfig: { deepLinking: true, defaultModelsExpandDepth: 0, docExpansion: 'none' },
      logo: { type: 'image/svg+xml', content: MARK },
      theme: {
        title: 'Medora API',
        favicon: [{ filename: 'favicon.svg', rel: 'icon', sizes: 'any', type: 'image/svg+xml', content: MARK }],
      },
    });
  });
}
