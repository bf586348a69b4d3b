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
import { badRequest } from '../core/errors';

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

export type RouteOptions<S extends FastifySchema, A extends Access> = {
  access: A;
  /** One line for the API description (OpenAPI); say what the route does for its caller. */
  summary?: string;
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
    options: { access: A; preHandler?: (request: FastifyRequest) => Promise<void> },
    handler: (socket: WebSocket, request: FastifyRequest, user: UserFor<A>) => void,
  ) => void;
};

/**
 * The only way a route declares who may call it. The declaration goes into the route's config,
 * where the access hook (http/access.ts) enforces it before validation and the route-table test
 * reads it; the handler then receives the caller already narrowed, so no handler checks by hand.
 */
export function route(app: FastifyInstance): Router {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const add =
    (method: HTTPMethods): Method =>
    (url, options, handler) => {
      typed.route({
        method,
        url,
        schema: options.schema,
        bodyLimit: options.bodyLimit,
        config: { access: options.access, ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}) },
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
      app.route({
        method: 'GET',
        url,
        config: { access: options.access },
        preHandler: options.preHandler,
        // With wsHandler (and no `websocket: true`) the plugin sends upgrades there and plain GETs to
        // handler, which refuses them in the API's error shape instead of the plugin's empty 404.
        handler: async () => {
          throw badRequest('This address accepts WebSocket connections only.');
        },
        wsHandler: (socket, request) => handler(socket, request, userFor(request, options.access) as never),
      });
    },
  };
}
