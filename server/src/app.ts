import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifySchema, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { systemClock } from './core/clock';
import type { AppContext, AppOptions } from './deps';
import { registerAccessGuard, type Access } from './http/access';
import { registerAdminMfaGuard } from './http/admin-mfa';
import type { Config } from './config';
import { registerCrossSiteGuard } from './http/cross-site';
import { registerErrorHandler } from './http/error-handler';
import { housekeepingBinding } from './http/housekeeping';
import { createDocumentStore } from './modules/documents/create-store';
import { registerIdempotency } from './http/idempotency';
import { LoginThrottle, SharedLoginThrottle } from './http/login-throttle';
import { createMetrics, registerRequestMetrics, type Metrics } from './http/metrics';
import { domainSubscribers } from './domain-subscribers';
import { DomainEventBus } from './modules/events/bus';
import { sharedRateLimitStore } from './http/rate-limit-store';
import { loggerOptions, requestId } from './http/logger';
import { openApiRoutes, registerOpenApi } from './http/openapi';
import { registerSecurityHeaders, securityHeaders } from './http/security';
import { sessionToken, userForToken } from './http/session';
import { registerStaticClient } from './http/static-client';
import { ROUTE_MODULES } from './modules';
import { servicesOf } from './modules/events/bus';
import { referralReleaseJob } from './modules/jobs/referral-release';
import { consultationEndBinding } from './modules/consultations/abandoned';
import { messageUnreadBinding } from './modules/conversations/unread-notice';
import { outcomeReleaseBinding } from './modules/disputes/release-job';
import { bindJob, JobWorker } from './modules/jobs/worker';
import { DirectorySearch } from './modules/doctors/directory-search';
import { publicDoctorCard } from './modules/doctors/service';
import { mailJobBindings } from './modules/mail/deliver';
import { refundRetryBinding } from './modules/payments/refund-retry';
import { pushBinding } from './modules/push/deliver';
import { waitlistBinding } from './modules/waitlist/job';
import { releaseHeldReward } from './modules/referrals/release';
import { createMailer } from './modules/mail/mailer';
import { createPaymentProvider, paymentCspExtras } from './payments/select';
import { closeSocketsOnShutdown, createRealtime } from './realtime/realtime';
import { socketRoutes } from './realtime/routes';

export type RouteInfo = {
  method: string;
  url: string;
  access: Access | undefined;
  schema: FastifySchema | undefined;
  /** Whether route() registered it, so it is documented (plugins' own routes are not). */
  documented: boolean;
  /** It answers people with HTML pages (the unsubscribe link), refusals included. */
  answersHtml: boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with its declared access and schema, for the tests that walk the route table. */
    routeTable: RouteInfo[];
    /** This app's metrics registry and counters (the same object modules get in their context). */
    metrics: Metrics;
    /**
     * The background job worker (e-mail, reminders, the scheduled sweeps, referral releases);
     * tests and benchmarks drive it through runDue.
     */
    jobWorker: JobWorker;
  }
}

/** A hop count trusts that many proxies nearest to us, whatever their addresses; never more. */
const proxyTrust = (trust: Config['trustProxy']) =>
  typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;

/** The composition root: builds the context once, starts what needs starting, registers every module. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream, options.client === 'vite' && process.stdout.isTTY),
    genReqId: requestId,
    trustProxy: proxyTrust(config.trustProxy),
    // Errors Fastify answers before any hook runs (a malformed URL): same headers, same shape.
    frameworkErrors: (error, request, reply) => {
      void (reply as unknown as FastifyReply)
        .headers(securityHeaders(options.client === 'vite', paymentCspExtras(config)))
        .header('cache-control', 'no-store')
        .status(400)
        .send({ message: 'The request could not be read.', code: 'bad_request' });
      request.log.info({ err: error }, 'malformed request');
    },
    bodyLimit: 1_048_576,
  });
  // Read when asked, not when each route is added: a plugin's own onRoute hook may still set a
  // route's access after this one has run (the API docs page does).
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => void routes.push(route));
  app.decorate('routeTable', {
    getter: (): RouteInfo[] =>
      routes.flatMap((route) =>
        [route.method]
          .flat()
          .filter((method) => method !== 'HEAD')
          .map((method) => ({
            method,
            url: route.url,
            access: route.config?.access,
            schema: route.schema,
            documented: route.config?.operation !== undefined,
            answersHtml: Object.values(route.config?.operation?.replies ?? {}).some(
              (reply) => reply.contentType === 'text/html',
            ),
          })),
      ),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('user', null);

  const clock = options.clock ?? systemClock;
  const sessionLimits = { idleMs: config.sessionIdleMs, maxAgeMs: config.sessionMaxAgeMs };
  const realtime = await createRealtime(database, app.log, { sessionLimits, clock });
  // Runs after @fastify/websocket's preClose has closed the sockets with 1001.
  app.addHook('onClose', async () => realtime.close());
  // On PostgreSQL several instances may share the database: limits count there, once for all.
  const sharedLimits = database.driver === 'postgres';
  const metrics = createMetrics(
    { database, openSockets: () => realtime.hub.clients.size },
    { processMetrics: config.env !== 'test' },
  );
  const context: AppContext = {
    config,
    database,
    db: database.db,
    payments: options.payments ?? createPaymentProvider(config, database.db),
    realtime,
    loginThrottle:
      options.loginThrottle ??
      (sharedLimits
        ? new SharedLoginThrottle(database.db, clock)
        : new LoginThrottle(undefined, undefined, () => clock.now().getTime())),
    mailer: options.mailer ?? createMailer(config),
    clock,
    metrics,
    events: new DomainEventBus(domainSubscribers),
    directory: new DirectorySearch(database, {
      onError: (err, what) => app.log.error({ err }, what),
    }),
    documentStore: options.documentStore ?? (await createDocumentStore(config.documentStore, database.db)),
  };
  // Built before the first request; a database that cannot answer yet gets it built on first need.
  await context.directory.start();
  app.addHook('onClose', async () => context.directory.stop());
  // Every job kind with its handler. The scheduled ones (refund_retry, housekeeping) replace the
  // timers each instance used to run: one pending row shared by all instances.
  const jobWorker = new JobWorker(
    database,
    clock,
    app.log,
    {
      ...mailJobBindings({
        db: database.db,
        mailer: context.mailer,
        clock,
        origin: config.publicOrigin ?? `http://localhost:${config.port}`,
        keepLinks: config.demoMode,
      }),
      refund_retry: refundRetryBinding(servicesOf(context, app.log), () => clock.now()),
      housekeeping: housekeepingBinding(database.db, {
        documents: context.documentStore,
        clock,
        sessionLimits,
        log: app.log,
        everyMs: options.housekeepingEveryMs,
      }),
      outcome_release: outcomeReleaseBinding(servicesOf(context, app.log), () => clock.now()),
      referral_release: bindJob(referralReleaseJob, async (job) => {
        await releaseHeldReward(database.db, job.payload.referralId, clock.now());
        return { status: 'done' };
      }),
      consultation_end: consultationEndBinding(
        servicesOf(context, app.log),
        (consultationId, msg) => realtime.hub.deliverLocal(consultationId, msg),
        () => clock.now(),
      ),
      message_unread: messageUnreadBinding(database.db),
      push: pushBinding({ db: database.db, settings: config.push, clock }),
      waitlist: waitlistBinding(servicesOf(context, app.log), () => clock.now()),
    },
    // A tenth of a second is nothing to a mail or a bell, and lets one round take a busy moment's jobs.
    { gatherMs: 100, ...options.jobs },
  );
  app.decorate('jobWorker', jobWorker);
  app.addHook('onClose', async () => {
    await jobWorker.stop();
    await context.mailer.close();
  });

  app.decorate('metrics', metrics);
  registerRequestMetrics(app, metrics);
  registerErrorHandler(app);
  await registerSecurityHeaders(app, options.client === 'vite', paymentCspExtras(config));
  registerCrossSiteGuard(app, config.publicOrigin);
  await app.register(cookie);
  // After the cookie plugin's onSend (a reply that sets a cookie is never stored), before compression.
  registerIdempotency(app, database.db, clock);
  // Replies above 1 KB (search results, lists) go out compressed. Client files are compressed at
  // build time and already carry Content-Encoding, which this leaves alone; sockets never pass here.
  // Up to 64 KB in one call: on two cores the plugin streams from 8 KB, and a search page (10–15
  // KB) then went through a zlib stream, whose set-up cost more CPU than compressing it. The app
  // shares its cores with the database, so the threadpool's overlap buys nothing.
  await app.register(compress, { global: true, threshold: 1024, syncThreshold: 65_536, encodings: ['br', 'gzip'] });
  // Limits are opted into per route (sign-in, sign-up); /ws upgrades are never counted.
  await app.register(rateLimit, {
    global: false,
    ...(sharedLimits ? { store: sharedRateLimitStore(database.db, clock) } : {}),
  });

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') && !request.url.startsWith('/ws')) return;
    request.user = await userForToken(database.db, sessionToken(request), sessionLimits, clock.now());
  });
  registerAccessGuard(app);
  if (config.adminMfaRequired) registerAdminMfaGuard(app);

  await registerOpenApi(app);
  for (const routes of ROUTE_MODULES) await app.register(routes, context);
  await app.register(websocket, { options: { maxPayload: 64 * 1024 }, preClose: closeSocketsOnShutdown });
  await app.register(socketRoutes, context);
  await app.register(openApiRoutes);

  await registerStaticClient(app, options.client ?? 'none', {
    doctorCard: publicDoctorCard(database.db),
  });
  // Tests that step the worker themselves (start: false) get no scheduled rows unless they ask. When
  // the database cannot take them now (down, not migrated) the app still starts, and the worker's
  // first round that works adds them.
  if (options.jobs?.start !== false) {
    await jobWorker.ensureScheduled().catch((err) => app.log.warn({ err }, 'scheduled jobs not yet in place'));
    await jobWorker.start();
  }
  return app;
}
