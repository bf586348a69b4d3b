import type { FastifyInstance } from 'fastify';
import { appointmentIdParamsSchema } from '@common/schemas/appointments';
import {
  adminDisputeListSchema,
  adminDisputeQuerySchema,
  disputeBodySchema,
  disputeParamsSchema,
  outcomeHoldSchema,
  resolveDisputeBodySchema,
} from '@common/schemas/disputes';
import type { AppContext } from '../../deps';
import { route } from '../../http/route';
import { auditActor } from '../audit/record';
import { servicesOf } from '../events/bus';
import { disputeByPatient, listDisputes, resolveDispute } from './service';

/** Visit outcomes a doctor marked: the patient's dispute, and the administrators' decision. */
export async function disputeRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, clock } = ctx;
  const r = route(app, 'Appointments');

  r.post(
    '/api/appointments/:id/dispute',
    {
      access: 'user',
      summary:
        'Dispute the outcome my doctor marked (visit done, or a no-show) within 72 hours; the doctor is not paid until an administrator decides',
      errors: {
        409: 'Nothing the doctor marked is held for this visit, it is already disputed, or the 72 hours have passed.',
      },
      schema: { params: appointmentIdParamsSchema, body: disputeBodySchema, response: { 200: outcomeHoldSchema } },
    },
    async ({ request, user }) =>
      disputeByPatient(
        servicesOf(ctx, request.log),
        auditActor(request, user),
        user.id,
        request.params.id,
        request.body.reason,
        clock.now(),
      ),
  );

  const admin = route(app, 'Administration');
  admin.get(
    '/api/admin/disputes',
    {
      access: 'admin',
      summary: 'List disputed visit outcomes, oldest dispute first (or every held outcome with status=all)',
      schema: { querystring: adminDisputeQuerySchema, response: { 200: adminDisputeListSchema } },
    },
    async ({ request }) => listDisputes(db, request.query.status),
  );

  admin.post(
    '/api/admin/disputes/:id/resolve',
    {
      access: 'admin',
      summary:
        "Resolve a dispute: refund the patient through the one refund, or release the doctor's share; `id` is the appointment's",
      errors: { 404: 'No such dispute.', 409: 'Already resolved, or nothing left to refund.' },
      schema: { params: disputeParamsSchema, body: resolveDisputeBodySchema, response: { 200: outcomeHoldSchema } },
    },
    async ({ request, user }) =>
      resolveDispute(
        servicesOf(ctx, request.log),
        auditActor(request, user),
        request.params.id,
        request.body,
        clock.now(),
      ),
  );
}
