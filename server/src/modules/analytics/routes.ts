import type { FastifyInstance } from 'fastify';
import {
  campaignAudiencesSchema,
  campaignIdParamsSchema,
  campaignListSchema,
  campaignRequestSchema,
  campaignSchema,
  outreachQuerySchema,
  outreachSchema,
} from '@common/schemas/analytics';
import type { AppContext } from '../../deps';
import { route } from '../../http/route';
import { auditActor } from '../audit/record';
import { campaignAudiences, createCampaign, listCampaigns, sendCampaign } from './campaigns';
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
      summary: 'Save an outreach campaign as a draft',
      schema: { body: campaignRequestSchema, response: { 201: campaignSchema } },
    },
    async ({ request, reply, user }) => {
      reply.code(201);
      return createCampaign(db, auditActor(request, user), request.body, clock.now());
    },
  );
  r.get(
    '/api/analytics/campaign-audiences',
    {
      access: 'admin',
      summary: 'Count who each campaign audience would reach now, and who it leaves out as opted out',
      schema: { response: { 200: campaignAudiencesSchema } },
    },
    async () => campaignAudiences(db),
  );
  r.post(
    '/api/analytics/campaigns/:id/send',
    {
      access: 'admin',
      summary: 'Send a draft campaign once: one marketing e-mail per person of its audience who has not opted out',
      schema: { params: campaignIdParamsSchema, response: { 200: campaignSchema } },
    },
    async ({ request, user }) => sendCampaign(db, auditActor(request, user), request.params.id, clock.now()),
  );
}
