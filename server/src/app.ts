import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { registerAccessGuard, type Access } from './http/access';
import { registerErrorHandler } from './http/error-handler';
import type { LoginThrottle } from './http/login-throttle';
import { loggerOptions, requestId } from './http/logger';
import { registerSecurityHeaders } from './http/security';
import { sessionToken, userForToken } from './http/session';
import { registerStaticClient, type ClientMode } from './http/static-client';
import { authRoutes } from './modules/auth/routes';
import { healthRoutes } from './modules/health/routes';
import { metaRoutes } from './modules/meta/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { appointmentRoutes } from './modules/appointments/routes';
import { paymentRoutes } from './modules/payments/routes';
import { paymentCspExtras } from './payments/select';
import { adminDoctorRoutes } from './modules/admin-doctors/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { doctorApplicationRoutes } from './modules/doctor-applications/routes';
import { doctorProfileRoutes } from './modules/doctor-profile/routes';
import { earningRoutes } from './modules/earnings/routes';
import { doctorRoutes } from './modules/doctors/routes';
import { consultationRoutes } from './modules/consultations/routes';
import { closeSocketsOnShutdown } from './realtime/realtime';

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

  registerErrorHandler(app);
  await registerSecurityHeaders(app, deps.client === 'vite', paymentCspExtras(config));
  await app.register(cookie);
  // Limits are opted into per route (sign-in, sign-up); /ws upgrades are never counted.
  await app.register(rateLimit, { global: false });

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') && !request.url.startsWith('/ws')) return;
    request.user = await userForToken(deps.database.db, sessionToken(request), config.sessionIdleMs);
  });
  registerAccessGuard(app);

  const modules = [
    healthRoutes,
    metaRoutes,
    authRoutes,
    notificationRoutes,
    appointmentRoutes,
    paymentRoutes,
    doctorApplicationRoutes,
    doctorProfileRoutes,
    adminDoctorRoutes,
    dashboardRoutes,
    earningRoutes,
    doctorRoutes,
  ];
  for (const routes of modules) await app.register(routes, deps);
  await app.register(websocket, { options: { maxPayload: 64 * 1024 }, preClose: closeSocketsOnShutdown });
  await app.register(consultationRoutes, deps);

  await registerStaticClient(app, deps.client ?? 'none');
  return app;
}
