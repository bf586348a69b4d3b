import type { FastifyInstance } from 'fastify';
import { appointmentIdParamsSchema, appointmentSchema } from '@common/schemas/appointments';
import {
  doctorBookPageSchema,
  doctorBookQuerySchema,
  doctorCancelBodySchema,
  newTimeBodySchema,
  proposalListSchema,
  proposalSchema,
} from '@common/schemas/reschedule';
import type { AppContext } from '../../deps';
import { route } from '../../http/route';
import { servicesOf } from '../events/bus';
import { auditActor } from '../audit/record';
import { readAppointments } from '../../policies/appointment';
import { viewerOf } from '../../policies/viewer';
import { doctorBookPage } from './doctor-book';
import { cancelByDoctor } from './doctor-cancel';
import { completeByDoctor, noShowByDoctor } from './visit-outcome';
import { acceptProposal, declineProposal, patientProposals, proposeTime } from './proposals';
import { rescheduleAppointment } from './reschedule';

/** Moving appointments (by the patient, or by the doctor's proposal) and the doctor's appointment book. */
export async function rescheduleRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, clock } = ctx;
  const r = route(app, 'Appointments');

  r.post(
    '/api/appointments/:id/reschedule',
    {
      access: 'user',
      summary: 'Move my confirmed appointment, more than 24 hours ahead, to another free slot of the same doctor',
      errors: { 409: 'Not confirmed, within 24 hours of its start, or the new slot has just been taken.' },
      schema: { params: appointmentIdParamsSchema, body: newTimeBodySchema, response: { 200: appointmentSchema } },
    },
    async ({ request, user }) =>
      rescheduleAppointment(
        servicesOf(ctx, request.log),
        auditActor(request, user),
        user.id,
        request.params.id,
        request.body,
        clock.now(),
      ),
  );

  r.get(
    '/api/appointments/proposals',
    {
      access: 'user',
      summary: 'List the new times my doctors proposed that wait for my answer',
      schema: { response: { 200: proposalListSchema } },
    },
    async ({ user }) => patientProposals(db, user.id, clock.now()),
  );

  r.post(
    '/api/appointments/:id/proposal/accept',
    {
      access: 'user',
      summary: "Accept my doctor's proposed new time; the appointment moves to it",
      errors: { 409: 'No open proposal, it no longer applies, or its slot has just been taken.' },
      schema: { params: appointmentIdParamsSchema, response: { 200: appointmentSchema } },
    },
    async ({ request, user }) =>
      acceptProposal(servicesOf(ctx, request.log), auditActor(request, user), user.id, request.params.id, clock.now()),
  );

  r.post(
    '/api/appointments/:id/proposal/decline',
    {
      access: 'user',
      summary: "Decline my doctor's proposed new time; the appointment stays as it is",
      errors: { 409: 'No open proposal.' },
      schema: { params: appointmentIdParamsSchema, response: { 200: appointmentSchema } },
    },
    async ({ request, user }) =>
      declineProposal(db, auditActor(request, user), user.id, request.params.id, clock.now()),
  );

  r.get(
    '/api/doctor/appointments',
    {
      access: 'doctor',
      summary: 'Page through my appointment book as a doctor, upcoming or past, by status and type',
      schema: { querystring: doctorBookQuerySchema, response: { 200: doctorBookPageSchema } },
    },
    async ({ request, user }) =>
      readAppointments(
        db,
        viewerOf(request, user),
        clock.now(),
        (visible) => doctorBookPage(db, user.id, request.query, clock.now(), visible),
        (page) => page.items,
      ),
  );

  r.post(
    '/api/doctor/appointments/:id/complete',
    {
      access: 'doctor',
      summary: 'Mark my in-person or phone visit as done once it has started; the earning becomes available',
      errors: { 409: 'Not confirmed, not started yet, or a video visit (its room completes it).' },
      schema: { params: appointmentIdParamsSchema, response: { 200: appointmentSchema } },
    },
    async ({ request, user }) =>
      completeByDoctor(servicesOf(ctx, request.log), user.id, request.params.id, clock.now()),
  );

  r.post(
    '/api/doctor/appointments/:id/no-show',
    {
      access: 'doctor',
      summary: 'Record that the patient did not come to my confirmed visit, once it has started',
      errors: { 409: 'Not confirmed or not started yet.' },
      schema: { params: appointmentIdParamsSchema, response: { 200: appointmentSchema } },
    },
    async ({ request, user }) =>
      noShowByDoctor(servicesOf(ctx, request.log), auditActor(request, user), user.id, request.params.id, clock.now()),
  );

  r.post(
    '/api/doctor/appointments/:id/cancel',
    {
      access: 'doctor',
      summary: 'Cancel my upcoming appointment as its doctor, with a reason; the patient is refunded in full',
      errors: { 409: 'Already cancelled, completed or started.' },
      schema: { params: appointmentIdParamsSchema, body: doctorCancelBodySchema, response: { 200: appointmentSchema } },
    },
    async ({ request, user }) => {
      return cancelByDoctor(
        servicesOf(ctx, request.log),
        auditActor(request, user),
        user.id,
        request.params.id,
        request.body.reason,
        clock.now(),
      );
    },
  );

  r.post(
    '/api/doctor/appointments/:id/proposals',
    {
      access: 'doctor',
      summary:
        'Propose a new time of my schedule for an upcoming confirmed appointment; the patient accepts or declines',
      errors: { 409: 'Not an upcoming confirmed appointment, the slot is taken, or another proposal was just made.' },
      schema: { params: appointmentIdParamsSchema, body: newTimeBodySchema, response: { 201: proposalSchema } },
    },
    async ({ request, reply, user }) =>
      reply
        .status(201)
        .send(
          await proposeTime(
            servicesOf(ctx, request.log),
            auditActor(request, user),
            user.id,
            request.params.id,
            request.body,
            clock.now(),
          ),
        ),
  );
}
