import type { FastifyInstance } from 'fastify';
import {
  campaignListSchema,
  campaignRequestSchema,
  campaignSchema,
  outreachQuerySchema,
  outreachSchema,
} from '@common/schemas/analytics';
import type { AppContext } from '../../deps';
import { route } from '../../http/route';
import { auditActor } from '../audit/record';
import { createCampaign, listCampaigns } from './campaigns';
import { outreach } from './outreach';

export async function analyticsRoutes(app: FastifyInstance, { db, clock }: AppContext) {
  const r = route(app, 'Outreach analytics');

  r.get(
    '/api/analytics/outreach',
    {
      access: 'admin',
      summary: 'Read outreach figures over a range: applications, referrals and sign-ups',
      schema: { querystring: outreachQuerySchema, response: { 200: outreachSchema } },
    },
    async ({ request }) => outreach(db, request.query.range, clock.now()),
  );
  r.get(
    '/api/analytics/campaigns',
    {
      access: 'admin',
      summary: 'List outreach campaigns, newest first',
      schema: { response: { 200: campaignListSchema } },
    },
    async () => listCampaigns(db),
  );
  r.post(
    '/api/analytics/campaigns',
    {
      access: 'admin',
      summary: 'Create an outreach campaign',
      schema: { body: campaignRequestSchema, response: { 201: campaignSchema } },
    },
    async ({ request, reply, user }) => {
      reply.code(201);
      return createCampaign(db, auditActor(request, user), request.body, clock.now());
    },
  );
}
