import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { registerAccessGuard, type Access } from './http/access';
import { registerErrorHandler } from './http/errors';
import type { LoginThrottle } from './http/login-throttle';
import { loggerOptions, requestId } from './http/logger';
import { registerSecurityHeaders } from './http/security';
import { sessionToken, userForToken } from './http/session';
import { registerStaticClient, type ClientMode } from './http/static-client';
import { authRoutes } from './modules/auth/routes';
import { healthRoutes } from './modules/health/routes';
import { metaRoutes } from './modules/meta/routes';
import { notificationRoutes } from './modules/notifications/routes';

export type AppDeps = {
  config: Config;
  database: Database;
  loginThrottle?: LoginThrottle;
  /** 'build' serves dist/client, 'vite' mounts Vite's dev middleware, 'none' serves only the API. */
  client?: ClientMode;
};

export type RouteInfo = { method: string; url: string; access: Access | undefined };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with its declared access, for the test that walks the route table. */
    routeTable: RouteInfo[];
  }
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: loggerOptions(config.logLevel),
    genReqId: requestId,
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
  });
  const routeTable: RouteInfo[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routeTable.push({ method, url: route.url, access: route.config?.access });
    }
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('user', null);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandler(app);
  await registerSecurityHeaders(app, deps.client === 'vite');
  await app.register(cookie);
  // Limits are opted into per route (sign-in, sign-up); /ws upgrades are never counted.
  await app.register(rateLimit, { global: false });

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') && !request.url.startsWith('/ws')) return;
    request.user = await userForToken(deps.database.db, sessionToken(request), config.sessionIdleMs);
  });
  registerAccessGuard(app);

  await app.register(healthRoutes, deps);
  await app.register(metaRoutes, deps);
  await app.register(authRoutes, deps);
  await app.register(notificationRoutes, deps);

  await registerStaticClient(app, deps.client ?? 'none');
  return app;
}
