import type {
  ContextConfigDefault,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  HTTPMethods,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ResolveFastifyReplyReturnType } from 'fastify/types/type-provider';
import type { WebSocket } from 'ws';
import type { UserType } from '@common/schemas/auth';
import type { SessionUser } from '../core/session-user';
import { userFor, type Access } from './access';
import { localizedError } from '../core/errors';
import {
  accessLine,
  errorsOf,
  SESSION_SCHEME,
  type DeclaredErrors,
  type DocumentedReply,
  type OperationNotes,
} from './api-description';

type Request<S extends FastifySchema> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  S,
  ZodTypeProvider
>;
type Reply<S extends FastifySchema> = FastifyReply<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  ContextConfigDefault,
  S,
  ZodTypeProvider
>;

/** The caller as the handler sees it: possibly nobody on public routes, narrowed to the role otherwise. */
export type UserFor<A extends Access> = A extends 'public'
  ? SessionUser | null
  : A extends 'user'
    ? SessionUser
    : A extends UserType
      ? SessionUser & { userType: A }
      : A extends readonly UserType[]
        ? SessionUser & { userType: A[number] }
        : never;

/** What the API description (/api/docs) says about a route, besides what its schema and access imply. */
type Documentation = {
  /** One line for the API description; say what the route does for its caller. */
  summary: string;
  /** Anything a caller must know that the summary, access rule and schemas do not say. */
  description?: string;
  /** Refusals the handler raises itself (409, 410...), each with when it happens. */
  errors?: DeclaredErrors;
  /** Replies that are not JSON checked by a response schema: files, redirects, empty bodies. */
  replies?: Record<number, DocumentedReply>;
};

export type RouteOptions<S extends FastifySchema, A extends Access> = Documentation & {
  access: A;
  /**
   * A signed-in caller must have verified their e-mail address (403 `email_unverified`
   * otherwise); on a public route, a caller who is not signed in passes.
   */
  verifiedEmail?: boolean;
  schema?: S;
  rateLimit?: RateLimitOptions;
  bodyLimit?: number;
};

export type RouteHandler<S extends FastifySchema, A extends Access> = (context: {
  request: Request<S>;
  reply: Reply<S>;
  user: UserFor<A>;
}) => ResolveFastifyReplyReturnType<ZodTypeProvider, S, RouteGenericInterface>;

type Method = <S extends FastifySchema, const A extends Access>(
  url: string,
  options: RouteOptions<S, A>,
  handler: RouteHandler<S, A>,
) => void;

export type Router = {
  get: Method;
  post: Method;
  put: Method;
  patch: Method;
  delete: Method;
  /** A WebSocket endpoint; the access rule is checked at the upgrade, before any frame. */
  socket: <const A extends Exclude<Access, 'public'>>(
    url: string,
    options: Pick<Documentation, 'summary' | 'description'> & {
      access: A;
      preHandler?: (request: FastifyRequest) => Promise<void>;
    },
    handler: (socket: WebSocket, request: FastifyRequest, user: UserFor<A>) => void,
  ) => void;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by route(): what the OpenAPI transform adds to the operation (http/openapi.ts). */
    operation?: OperationNotes;
  }
}

/**
 * The operation's name in generated clients, from its method and path, so it cannot drift from the
 * route: `GET /api/doctors/:id/availability` is `getDoctorsByIdAvailability`.
 */
export function operationIdFor(method: string, url: string): string {
  const words = url
    .replace(/^\/api(?=\/|$)/, '')
    .split(/[/.-]+/)
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? `by-${part.slice(1)}` : part))
    .flatMap((part) => part.split('-'));
  const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
  return method.toLowerCase() + words.map(capital).join('');
}

/** The operation's name, summary, tag, access line and security, in the schema where @fastify/swagger reads them. */
function described(
  method: string,
  url: string,
  schema: FastifySchema | undefined,
  doc: Documentation,
  access: Access,
  tag: string,
): FastifySchema {
  return {
    ...schema,
    operationId: operationIdFor(method, url),
    summary: doc.summary,
    description: [doc.description, accessLine(access)].filter(Boolean).join('\n\n'),
    tags: [tag],
    // An empty list says "no sign-in needed" outright, rather than leaving readers to guess.
    security: access === 'public' ? [] : [{ [SESSION_SCHEME]: [] }],
  };
}

/** A module's routes are grouped under one tag; without one, the first path segment after /api names it. */
const tagFor = (url: string) => {
  const segment = url.replace(/^\/api\//, '').split('/')[0] || 'api';
  return segment.charAt(0).toUpperCase() + segment.slice(1);
};

/**
 * The only way a route declares who may call it. The declaration goes into the route's config,
 * where the access hook (http/access.ts) enforces it before validation and the route-table test
 * reads it; the handler then receives the caller already narrowed, so no handler checks by hand.
 * The same declaration, with the route's summary, becomes its entry in the API description.
 */
export function route(app: FastifyInstance, tag?: string): Router {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const add =
    (method: HTTPMethods): Method =>
    (url, options, handler) => {
      const { access, schema } = options;
      const operation: OperationNotes = {
        errors: errorsOf({
          method,
          url,
          access,
          schema,
          errors: options.errors,
          rateLimited: !!options.rateLimit,
          verifiedEmail: options.verifiedEmail,
        }),
        replies: options.replies ?? {},
      };
      typed.route({
        method,
        url,
        schema: described(method, url, schema, options, access, tag ?? tagFor(url)),
        bodyLimit: options.bodyLimit,
        config: {
          access,
          operation,
          verifiedEmail: options.verifiedEmail ?? false,
          ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
        },
        handler: (request, reply) =>
          handler({
            request: request as never,
            reply: reply as never,
            user: userFor(request, options.access) as never,
          }) as never,
      });
    };
  return {
    get: add('GET'),
    post: add('POST'),
    put: add('PUT'),
    patch: add('PATCH'),
    delete: add('DELETE'),
    socket: (url, options, handler) => {
      const derived = errorsOf({ method: 'GET', url, access: options.access, schema: undefined });
      const foreignPage = 'the page opening the socket is on another site';
      const operation: OperationNotes = {
        errors: {
          400: 'A plain request without the WebSocket upgrade.',
          ...derived,
          403: derived[403] ? `${derived[403].replace(/\.$/, '')}, or ${foreignPage}.` : `Refused: ${foreignPage}.`,
        },
        replies: { 101: { description: 'Switching Protocols: the connection becomes a WebSocket.' } },
      };
      app.route({
        method: 'GET',
        url,
        schema: described('GET', url, undefined, options, options.access, tag ?? tagFor(url)),
        config: { access: options.access, operation },
        preHandler: options.preHandler,
        // With wsHandler (and no `websocket: true`) the plugin sends upgrades there and plain GETs to
        // handler, which refuses them in the API's error shape instead of the plugin's empty 404.
        handler: async () => {
          throw localizedError('bad_request', 'errors.addressAcceptsWebsocketConnections');
        },
        wsHandler: (socket, request) => handler(socket, request, userFor(request, options.access) as never),
      });
    },
  };
}
