import type { FastifyInstance } from 'fastify';
import {
  chatMessageListSchema,
  consultationIceServersSchema,
  consultationIdParamsSchema,
  consultationSchema,
  messagesQuerySchema,
  upcomingConsultationListSchema,
  upcomingQuerySchema,
} from '@common/schemas/consultations';
import type { AppContext } from '../../deps';
import { route } from '../../http/route';
import { servicesOf } from '../events/bus';
import { readChat, readRoom } from '../../policies/consultation';
import { viewerOf } from '../../policies/viewer';
import { iceServersFor, refreshIceServers } from './ice-servers';
import { endConsultation, getConsultation, listUpcoming, presentConsultation, startConsultation } from './service';

export async function consultationRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, config, realtime, clock } = ctx;
  const r = route(app, 'Consultations');
  const params = consultationIdParamsSchema;

  r.get(
    '/api/consultations',
    {
      access: 'user',
      summary: 'List my upcoming video or voice consultations',
      schema: { querystring: upcomingQuerySchema, response: { 200: upcomingConsultationListSchema } },
    },
    async ({ request, user }) => listUpcoming(db, user.id, request.query.type, clock.now()),
  );

  r.get(
    '/api/consultations/:id',
    {
      access: 'user',
      summary: 'Open a consultation by its appointment id, creating it on the first visit',
      schema: { params, response: { 200: consultationSchema } },
    },
    async ({ request, user }) => {
      const view = await readRoom(db, viewerOf(request, user), clock.now(), () =>
        getConsultation(db, user.id, request.params.id),
      );
      return presentConsultation(view, iceServersFor(config, view, user.id, clock.now()).iceServers);
    },
  );

  r.get(
    '/api/consultations/:id/ice-servers',
    {
      access: 'user',
      summary: 'Read my ICE servers again for a running call, with a TURN credential for this consultation',
      description:
        'For an ICE restart: the same servers as the consultation, the TURN credential minted for the caller and this consultation (later expiry once a call runs long). Participants only; never cached. Refused with 409 once the visit can no longer run (30 minutes after its end).',
      errors: { 409: 'The visit is over: 30 minutes past its end, no relay credential is minted.' },
      schema: { params, response: { 200: consultationIceServersSchema } },
    },
    async ({ request, reply, user }) => {
      const view = await getConsultation(db, user.id, request.params.id);
      const { iceServers, expiresAt } = refreshIceServers(config, view, user.id, clock.now());
      reply.header('cache-control', 'no-store');
      return { iceServers, expiresAt: expiresAt?.toISOString() ?? null };
    },
  );

  r.get(
    '/api/consultations/:id/messages',
    {
      access: 'user',
      summary: "Read a consultation's chat after a message id, oldest first",
      schema: { params, querystring: messagesQuerySchema, response: { 200: chatMessageListSchema } },
    },
    async ({ request, user }) => {
      // The room must exist for the caller (404 else, as before); the policy reads and audits the chat.
      await getConsultation(db, user.id, request.params.id);
      return readChat(db, viewerOf(request, user), request.params.id, request.query.after ?? 0, clock.now());
    },
  );

  r.post(
    '/api/consultations/:id/start',
    {
      access: 'doctor',
      summary: 'Start the consultation, as its doctor, from 15 minutes before the appointment',
      errors: { 409: 'Already started, not paid, or outside the time it may start.' },
      schema: { params, response: { 200: consultationSchema } },
    },
    async ({ request, user }) => {
      const { view, event } = await startConsultation(db, realtime.hub.bus, user.id, request.params.id, clock.now());
      realtime.hub.deliverLocal(request.params.id, event);
      return presentConsultation(view, iceServersFor(config, view, user.id, clock.now()).iceServers);
    },
  );

  r.post(
    '/api/consultations/:id/end',
    {
      access: 'user',
      summary: 'End an active consultation; the appointment becomes completed',
      errors: { 409: 'The consultation is not active.' },
      schema: { params, response: { 200: consultationSchema } },
    },
    async ({ request, user }) => {
      const { view, event } = await endConsultation(
        servicesOf(ctx, request.log),
        user.id,
        request.params.id,
        clock.now(),
      );
      realtime.hub.deliverLocal(request.params.id, event);
      return presentConsultation(view, iceServersFor(config, view, user.id, clock.now()).iceServers);
    },
  );
}
