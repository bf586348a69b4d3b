import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  earningListSchema,
  earningStatsSchema,
  listQuerySchema,
  payoutListSchema,
  payoutRequestSchema,
  payoutSchema,
} from '@common/schemas/earnings';
import type { AppDeps } from '../../app';
import { requireUser } from '../../http/access';
import { earningStats, listEarnings, listPayouts, requestPayout } from './service';

export async function earningRoutes(app: FastifyInstance, { database }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;
  const doctorOnly = { access: 'doctor' as const };

  r.get(
    '/api/doctor/earnings/stats',
    { config: doctorOnly, schema: { response: { 200: earningStatsSchema } } },
    async (request) => earningStats(db, requireUser(request).id),
  );

  r.get(
    '/api/doctor/earnings',
    { config: doctorOnly, schema: { querystring: listQuerySchema, response: { 200: earningListSchema } } },
    async (request) => listEarnings(db, requireUser(request).id, request.query.limit),
  );

  r.get(
    '/api/doctor/payouts',
    { config: doctorOnly, schema: { querystring: listQuerySchema, response: { 200: payoutListSchema } } },
    async (request) => listPayouts(db, requireUser(request).id, request.query.limit),
  );

  r.post(
    '/api/doctor/payouts',
    { config: doctorOnly, schema: { body: payoutRequestSchema, response: { 201: payoutSchema } } },
    async (request, reply) =>
      reply.status(201).send(await requestPayout(db, requireUser(request).id, request.body?.bankAccountLast4)),
  );
}
