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
import { route } from '../../http/route';
import { auditActor } from '../audit/record';
import { renderReportPdf } from './pdf';
import { createReplyCache } from './reply-cache';
import { caseLimitFor, listCases, outbreakStatistics, syncStatus } from './queries';
import { confirmReportPurchase, createReportIntent, livePurchases, reportForDownload } from './reports';
import { syncOutbreaks, syncPlan } from './sync';

export async function outbreakRoutes(app: FastifyInstance, { db, config, clock, payments: provider }: AppContext) {
  const r = route(app);
  const replies = createReplyCache();

  r.get(
    '/api/outbreak/statistics',
    { access: 'public', schema: { response: { 200: outbreakStatisticsSchema } } },
    async ({ user }) => replies.get(`statistics:${user !== null}`, () => outbreakStatistics(db, user !== null)),
  );

  r.get(
    '/api/outbreak/cases',
    { access: 'public', schema: { response: { 200: outbreakCaseListSchema } } },
    async ({ user }) => {
      const limit = caseLimitFor(user !== null);
      return replies.get(`cases:${limit}`, () => listCases(db, limit));
    },
  );

  r.post(
    '/api/outbreak/sync',
    { access: 'admin', schema: { response: { 200: syncResultSchema } } },
    async ({ request, user }) => {
      try {
        return await syncOutbreaks(db, syncPlan(config), { actor: auditActor(request, user), clock });
      } finally {
        replies.clear();
      }
    },
  );

  r.get('/api/outbreak/sync-status', { access: 'admin', schema: { response: { 200: syncStatusSchema } } }, async () =>
    syncStatus(db),
  );

  r.post(
    '/api/outbreak/pdf-report/payment',
    { access: 'user', schema: { body: reportPaymentBodySchema, response: { 200: reportPaymentReplySchema } } },
    async ({ request, user }) => createReportIntent(db, provider, user.id, request.body.reportType, clock.now()),
  );

  r.post(
    '/api/outbreak/pdf-report/confirm',
    { access: 'user', schema: { body: reportConfirmBodySchema, response: { 200: reportConfirmReplySchema } } },
    async ({ request, user }) => ({
      status: 'succeeded' as const,
      reportData: await confirmReportPurchase(
        db,
        provider,
        request.log,
        request.body.paymentIntentId,
        user.id,
        clock.now(),
      ),
    }),
  );

  r.get(
    '/api/outbreak/reports',
    { access: 'user', schema: { response: { 200: reportPurchaseListSchema } } },
    async ({ user }) => livePurchases(db, user.id, clock.now()),
  );

  r.get(
    '/api/outbreak/reports/:id/download',
    { access: 'user', schema: { params: reportIdParamsSchema, response: { 200: z.any() } } },
    async ({ request, reply, user }) => {
      const { purchase, snapshot } = await reportForDownload(db, user.id, request.params.id, clock.now());
      const pdf = await renderReportPdf(snapshot);
      const name = `medora-outbreak-${purchase.tier}-report-${purchase.purchasedAt!.toISOString().slice(0, 10)}.pdf`;
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
}
