import type { FastifyInstance } from 'fastify';
import {
  adminApplicationQuerySchema,
  adminApplicationRowSchema,
  adminAuditQuerySchema,
  adminAuditRowSchema,
  adminDoctorQuerySchema,
  adminDoctorRowSchema,
  adminFailedRefundRowSchema,
  adminPageQuerySchema,
  adminPaymentDetailSchema,
  adminPaymentQuerySchema,
  adminPaymentRowSchema,
  adminPayoutQuerySchema,
  adminPayoutRowSchema,
  adminReportSaleQuerySchema,
  adminReportSaleRowSchema,
  adminStatsSchema,
  adminUserParamsSchema,
  adminUserQuerySchema,
  adminUserRowSchema,
  applicationDecisionSchema,
  idParamsSchema,
  pageOf,
  paymentIdParamsSchema,
  payoutFailRequestSchema,
  refundResolveRequestSchema,
  walletCreditRequestSchema,
} from '@common/schemas/admin';
import { adminStatusRequestSchema, adminVerifyRequestSchema } from '@common/schemas/doctor-profile';
import { platformSettingsReplySchema, platformSettingsSchema } from '@common/schemas/platform-settings';
import type { AppContext } from '../../deps';
import { route } from '../../http/route';
import { servicesOf } from '../events/bus';
import { auditActor } from '../audit/record';
import { decideApplication, listApplications } from './applications';
import { listAudit } from './audit-list';
import { listDoctors } from './doctors';
import { listPayments, paymentDetail, refundFromConsole } from './payments';
import { listPayouts, markPayoutFailed, markPayoutPaid } from './payouts';
import { listFailedRefunds } from './refunds';
import { listReportSales } from './report-sales';
import { resolveFailedRefund, retryFailedRefund } from '../payments/refunds';
import { presentSettings, readSettings, updateSettings } from '../platform/settings';
import { adminStats } from './stats';
import { creditWallet, listUsers, setUserActive, setUserVerified } from './users';

/** The admin console: every route is for administrators only. */
export async function adminRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, clock } = ctx;
  const r = route(app, 'Administration');
  const access = 'admin' as const;

  r.get(
    '/api/admin/stats',
    {
      access,
      summary: 'Read the platform totals: revenue, paid consultations, doctors, appointments',
      schema: { response: { 200: adminStatsSchema } },
    },
    async () => adminStats(db),
  );

  r.get(
    '/api/admin/users',
    {
      access,
      summary: 'List users, with search, filter and sort',
      schema: { querystring: adminUserQuerySchema, response: { 200: pageOf(adminUserRowSchema) } },
    },
    async ({ request }) => listUsers(db, request.query),
  );
  r.put(
    '/api/admin/users/:userId/status',
    {
      access,
      summary: "Activate or deactivate a user's account; deactivating ends their sessions",
      errors: { 409: 'The last active administrator cannot be deactivated.' },
      schema: { params: adminUserParamsSchema, body: adminStatusRequestSchema, response: { 200: adminUserRowSchema } },
    },
    async ({ request, user }) =>
      setUserActive(db, auditActor(request, user), request.params.userId, request.body.isActive, clock.now()),
  );
  r.put(
    '/api/admin/users/:userId/verify',
    {
      access,
      summary: 'Mark a user verified or not',
      schema: { params: adminUserParamsSchema, body: adminVerifyRequestSchema, response: { 200: adminUserRowSchema } },
    },
    async ({ request, user }) =>
      setUserVerified(db, auditActor(request, user), request.params.userId, request.body.isVerified, clock.now()),
  );

  r.post(
    '/api/admin/users/:userId/wallet-credits',
    {
      access,
      summary: "Credit a patient's wallet as a goodwill gesture (1–50,000 cents), with a reason the patient sees",
      errors: { 409: 'The account is not an existing patient.' },
      schema: {
        params: adminUserParamsSchema,
        body: walletCreditRequestSchema,
        response: { 200: adminUserRowSchema },
      },
    },
    async ({ request, user }) =>
      creditWallet(db, auditActor(request, user), request.params.userId, request.body, clock.now()),
  );

  r.get(
    '/api/admin/doctors',
    {
      access,
      summary: 'List doctors, with search and sort',
      schema: { querystring: adminDoctorQuerySchema, response: { 200: pageOf(adminDoctorRowSchema) } },
    },
    async ({ request }) => listDoctors(db, request.query),
  );

  r.get(
    '/api/admin/payments',
    {
      access,
      summary: 'List payments, with search, filter and sort',
      schema: { querystring: adminPaymentQuerySchema, response: { 200: pageOf(adminPaymentRowSchema) } },
    },
    async ({ request }) => listPayments(db, request.query),
  );
  r.get(
    '/api/admin/report-sales',
    {
      access,
      summary: "List outbreak report sales (the platform's own sales, beside the payments), newest first",
      schema: { querystring: adminReportSaleQuerySchema, response: { 200: pageOf(adminReportSaleRowSchema) } },
    },
    async ({ request }) => listReportSales(db, request.query),
  );
  r.get(
    '/api/admin/payments/:id',
    {
      access,
      summary: 'Read one payment with its parties, appointment, earning and refunds',
      schema: { params: idParamsSchema, response: { 200: adminPaymentDetailSchema } },
    },
    async ({ request }) => paymentDetail(db, request.params.id),
  );
  r.post(
    '/api/admin/payments/:id/refund',
    {
      access,
      summary: 'Refund a succeeded payment in full',
      errors: { 409: "The payment has not succeeded, or the doctor's share is already in a payout." },
      schema: { params: idParamsSchema, response: { 200: adminPaymentDetailSchema } },
    },
    async ({ request, user }) =>
      refundFromConsole(servicesOf(ctx, request.log), auditActor(request, user), request.params.id, clock.now()),
  );

  r.get(
    '/api/admin/refunds/failed',
    {
      access,
      summary: 'List the card refunds that failed at the processor, oldest first',
      schema: { querystring: adminPageQuerySchema, response: { 200: pageOf(adminFailedRefundRowSchema) } },
    },
    async ({ request }) => listFailedRefunds(db, request.query),
  );
  r.post(
    '/api/admin/refunds/:paymentId/retry',
    {
      access,
      summary: 'Ask the processor again for a failed card refund; answers the payment as it then is',
      errors: { 409: 'The refund has not failed.' },
      schema: { params: paymentIdParamsSchema, response: { 200: adminPaymentDetailSchema } },
    },
    async ({ request, user }) => {
      const services = servicesOf(ctx, request.log);
      await retryFailedRefund(services, auditActor(request, user), request.params.paymentId, clock.now());
      return paymentDetail(db, request.params.paymentId);
    },
  );
  r.post(
    '/api/admin/refunds/:paymentId/resolve',
    {
      access,
      summary: 'Close a failed card refund as settled outside Medora, with a note',
      errors: { 409: 'The refund has not failed.' },
      schema: {
        params: paymentIdParamsSchema,
        body: refundResolveRequestSchema,
        response: { 200: adminPaymentDetailSchema },
      },
    },
    async ({ request, user }) => {
      const services = servicesOf(ctx, request.log);
      const { paymentId } = request.params;
      await resolveFailedRefund(services, auditActor(request, user), paymentId, request.body.note, clock.now());
      return paymentDetail(db, paymentId);
    },
  );

  r.get(
    '/api/admin/payouts',
    {
      access,
      summary: 'List payout requests',
      schema: { querystring: adminPayoutQuerySchema, response: { 200: pageOf(adminPayoutRowSchema) } },
    },
    async ({ request }) => listPayouts(db, request.query),
  );
  r.post(
    '/api/admin/payouts/:id/paid',
    {
      access,
      summary: 'Mark a pending payout paid',
      errors: { 409: 'The payout is not pending.' },
      schema: { params: idParamsSchema, response: { 200: adminPayoutRowSchema } },
    },
    async ({ request, user }) => markPayoutPaid(db, auditActor(request, user), request.params.id, clock.now()),
  );
  r.post(
    '/api/admin/payouts/:id/failed',
    {
      access,
      summary: 'Mark a pending payout failed; its earnings become available again',
      errors: { 409: 'The payout is not pending.' },
      schema: { params: idParamsSchema, body: payoutFailRequestSchema, response: { 200: adminPayoutRowSchema } },
    },
    async ({ request, user }) =>
      markPayoutFailed(db, auditActor(request, user), request.params.id, request.body.reason, clock.now()),
  );

  r.get(
    '/api/admin/doctor-applications',
    {
      access,
      summary: 'List doctor applications',
      schema: { querystring: adminApplicationQuerySchema, response: { 200: pageOf(adminApplicationRowSchema) } },
    },
    async ({ request }) => listApplications(db, request.query),
  );
  for (const [verb, decision, summary] of [
    ['approve', 'approved', 'Approve a pending doctor application; the doctor account with its e-mail is verified'],
    ['reject', 'rejected', 'Reject a pending doctor application'],
  ] as const) {
    r.post(
      `/api/admin/doctor-applications/:id/${verb}`,
      {
        access,
        summary,
        errors: { 409: 'The application is not pending.' },
        schema: {
          params: idParamsSchema,
          body: applicationDecisionSchema.optional(),
          response: { 200: adminApplicationRowSchema },
        },
      },
      async ({ request, user }) =>
        decideApplication(db, auditActor(request, user), request.params.id, decision, request.body?.note, clock.now()),
    );
  }

  r.get(
    '/api/admin/settings',
    { access, summary: 'Read the platform settings', schema: { response: { 200: platformSettingsReplySchema } } },
    async () => presentSettings(await readSettings(db)),
  );
  r.put(
    '/api/admin/settings',
    {
      access,
      summary: 'Change the platform settings; they apply from the next request',
      schema: { body: platformSettingsSchema, response: { 200: platformSettingsReplySchema } },
    },
    async ({ request, user }) => updateSettings(db, auditActor(request, user), request.body, clock.now()),
  );

  r.get(
    '/api/admin/audit',
    {
      access,
      summary: 'Read the audit trail, newest first',
      schema: { querystring: adminAuditQuerySchema, response: { 200: pageOf(adminAuditRowSchema) } },
    },
    async ({ request }) => listAudit(db, request.query),
  );
}
