import type { FastifyInstance } from 'fastify';
import {
  earningListSchema,
  earningStatsSchema,
  listQuerySchema,
  payoutListSchema,
  payoutRequestSchema,
  payoutSchema,
} from '@common/schemas/earnings';
import type { AppContext } from '../../deps';
import { route } from '../../http/route';
import { viewerOf } from '../../policies/viewer';
import { earningStats, listEarnings, listPayouts, requestPayout } from './service';

export async function earningRoutes(app: FastifyInstance, { db, clock }: AppContext) {
  const r = route(app, 'Earnings and payouts');

  r.get(
    '/api/doctor/earnings/stats',
    {
      access: 'doctor',
      summary: 'Read my earnings totals by status',
      schema: { response: { 200: earningStatsSchema } },
    },
    async ({ user }) => earningStats(db, user.id),
  );

  r.get(
    '/api/doctor/earnings',
    {
      access: 'doctor',
      summary: 'List my earnings, newest first',
      schema: { querystring: listQuerySchema, response: { 200: earningListSchema } },
    },
    async ({ request, user }) => listEarnings(db, viewerOf(request, user), clock.now(), request.query.limit),
  );

  r.get(
    '/api/doctor/payouts',
    {
      access: 'doctor',
      summary: 'List my payouts, newest first',
      schema: { querystring: listQuerySchema, response: { 200: payoutListSchema } },
    },
    async ({ request, user }) => listPayouts(db, user.id, request.query.limit),
  );

  r.post(
    '/api/doctor/payouts',
    {
      access: 'doctor',
      summary: 'Request a payout of all my available earnings',
      schema: { body: payoutRequestSchema, response: { 201: payoutSchema } },
    },
    async ({ request, reply, user }) =>
      reply.status(201).send(await requestPayout(db, user.id, request.body.bankAccountLast4)),
  );
}
