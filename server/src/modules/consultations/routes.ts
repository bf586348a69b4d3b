import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  chatMessageListSchema,
  consultationIdParamsSchema,
  consultationSchema,
  messagesQuerySchema,
  upcomingConsultationListSchema,
  upcomingQuerySchema,
} from '@common/schemas/consultations';
import type { AppDeps } from '../../app';
import { requireUser } from '../../http/access';
import { createRealtime } from '../../realtime/realtime';
import { socketRoutes } from '../../realtime/routes';
import { listMessages } from './chat';
import { endConsultation, getConsultation, listUpcoming, presentConsultation, startConsultation } from './service';

/** The consultation REST API and the /ws socket share one realtime hub per instance. */
export async function consultationRoutes(app: FastifyInstance, deps: AppDeps) {
  const { database, config } = deps;
  const db = database.db;
  const realtime = await createRealtime(database, app.log);
  app.addHook('preClose', async () => realtime.close());
  await app.register(socketRoutes, { config, database, realtime });

  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = consultationIdParamsSchema;

  r.get(
    '/api/consultations',
    {
      config: { access: 'user' },
      schema: { querystring: upcomingQuerySchema, response: { 200: upcomingConsultationListSchema } },
    },
    async (request) => listUpcoming(db, requireUser(request).id, request.query.type),
  );

  r.get(
    '/api/consultations/:id',
    { config: { access: 'user' }, schema: { params, response: { 200: consultationSchema } } },
    async (request) =>
      presentConsultation(await getConsultation(db, requireUser(request).id, request.params.id), config.iceServers),
  );

  r.get(
    '/api/consultations/:id/messages',
    {
      config: { access: 'user' },
      schema: { params, querystring: messagesQuerySchema, response: { 200: chatMessageListSchema } },
    },
    async (request) => {
      await getConsultation(db, requireUser(request).id, request.params.id);
      return listMessages(db, request.params.id, request.query.after ?? 0);
    },
  );

  r.post(
    '/api/consultations/:id/start',
    { config: { access: 'doctor' }, schema: { params, response: { 200: consultationSchema } } },
    async (request) => {
      const { view, event } = await startConsultation(db, realtime.hub.bus, requireUser(request).id, request.params.id);
      realtime.hub.deliverLocal(request.params.id, event);
      return presentConsultation(view, config.iceServers);
    },
  );

  r.post(
    '/api/consultations/:id/end',
    { config: { access: 'user' }, schema: { params, response: { 200: consultationSchema } } },
    async (request) => {
      const { view, event } = await endConsultation(db, realtime.hub.bus, requireUser(request).id, request.params.id);
      realtime.hub.deliverLocal(request.params.id, event);
      return presentConsultation(view, config.iceServers);
    },
  );
}
