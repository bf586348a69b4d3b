import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  outbreakCaseListSchema,
  outbreakStatisticsSchema,
  reportConfirmBodySchema,
  reportConfirmReplySchema,
  reportIdParamsSchema,
  reportPaymentBodySchema,
  reportPaymentReplySchema,
  reportPurchaseListSchema,
  syncResultSchema,
  syncStatusSchema,
} from '@common/schemas/outbreak';
import type { AppContext } from '../../deps';
import { requestLanguage } from '../../http/request-language';
import { route } from '../../http/route';
import { auditActor } from '../audit/record';
import { servicesOf } from '../events/bus';
import { paymentPurposes } from '../payments/purposes';
import { renderReportPdf } from './pdf';
import { createReplyCache } from './reply-cache';
import { caseLimitFor, listCases, outbreakTotals, presentStatistics, syncStatus } from './queries';
import { confirmReportPurchase, createReportIntent, livePurchases, reportForDownload } from './reports';
import { syncOutbreaks, syncPlan } from './sync';
import { completeReportFromWebhook } from './webhook';

export async function outbreakRoutes(app: FastifyInstance, context: AppContext) {
  const { db, config, clock, payments: provider } = context;
  paymentPurposes(context).register('report', completeReportFromWebhook);
  const r = route(app, 'Outbreak monitor');
  const replies = createReplyCache();

  r.get(
    '/api/outbreak/statistics',
    {
      access: 'public',
      summary: 'Read outbreak totals: exact for signed-in users, rounded for visitors',
      schema: { response: { 200: outbreakStatisticsSchema } },
    },
    async ({ user }) =>
      presentStatistics(await replies.get('totals', () => outbreakTotals(db)), user !== null, clock.now()),
  );

  r.get(
    '/api/outbreak/cases',
    {
      access: 'public',
      summary: 'List the most severe current outbreaks: 3 for visitors, 9 when signed in',
      schema: { response: { 200: outbreakCaseListSchema } },
    },
    async ({ user }) => {
      const limit = caseLimitFor(user !== null);
      return replies.get(`cases:${limit}`, () => listCases(db, limit));
    },
  );

  r.post(
    '/api/outbreak/sync',
    {
      access: 'admin',
      summary: 'Fetch the outbreak sources now and store what they report',
      schema: { response: { 200: syncResultSchema } },
    },
    async ({ request, user }) => {
      try {
        return await syncOutbreaks(db, syncPlan(config), { actor: auditActor(request, user), clock });
      } finally {
        replies.clear();
      }
    },
  );

  r.get(
    '/api/outbreak/sync-status',
    {
      access: 'admin',
      summary: 'Read when the sources were last synced and what came from each',
      schema: { response: { 200: syncStatusSchema } },
    },
    async () => syncStatus(db, syncPlan(config)),
  );

  r.post(
    '/api/outbreak/pdf-report/payment',
    {
      access: 'user',
      summary: 'Start paying for an outbreak PDF report',
      errors: { 409: 'The data is older than 30 days and the buyer has not accepted a report built from it.' },
      schema: { body: reportPaymentBodySchema, response: { 200: reportPaymentReplySchema } },
    },
    async ({ request, user }) =>
      createReportIntent(db, provider, user.id, request.body.reportType, clock.now(), {
        acceptOutOfDateData: request.body.acceptOutOfDateData === true,
      }),
  );

  r.post(
    '/api/outbreak/pdf-report/confirm',
    {
      access: 'user',
      summary: "Confirm a report payment; the report's data is frozen at this moment",
      errors: {
        402: "The payment has not succeeded; the message is the provider's.",
        404: 'The payment does not exist or is not the caller’s.',
        409: 'The amount paid does not match the price.',
      },
      schema: { body: reportConfirmBodySchema, response: { 200: reportConfirmReplySchema } },
    },
    async ({ request, user }) => ({
      status: 'succeeded' as const,
      reportData: await confirmReportPurchase(
        servicesOf(context, request.log),
        request.body.paymentIntentId,
        user.id,
        clock.now(),
      ),
    }),
  );

  r.get(
    '/api/outbreak/reports',
    {
      access: 'user',
      summary: 'List my paid reports still within their 7 days',
      schema: { response: { 200: reportPurchaseListSchema } },
    },
    async ({ user }) => livePurchases(db, user.id, clock.now()),
  );

  r.get(
    '/api/outbreak/reports/:id/download',
    {
      access: 'user',
      summary: 'Download one of my paid reports as a PDF',
      errors: { 410: 'Access ended 7 days after the purchase.' },
      replies: { 200: { description: 'The PDF, as an attachment.', contentType: 'application/pdf' } },
      schema: { params: reportIdParamsSchema, response: { 200: z.any() } },
    },
    async ({ request, reply, user }) => {
      const { purchase, snapshot } = await reportForDownload(db, user.id, request.params.id, clock.now());
      // The buyer's language: the account's, else the cookie's or the browser's (as receipts do).
      const pdf = await renderReportPdf(snapshot, requestLanguage(request));
      const name = `medora-outbreak-${purchase.tier}-report-${purchase.purchasedAt!.toISOString().slice(0, 10)}.pdf`;
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
}
