import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  appointmentIdParamsSchema,
  appointmentListSchema,
  appointmentSchema,
  availabilityParamsSchema,
  availabilityQuerySchema,
  availabilitySchema,
  createAppointmentBodySchema,
  doctorAppointmentsSchema,
  reviewBodySchema,
  reviewSchema,
  updateAppointmentBodySchema,
} from '@common/schemas/appointments';
import type { AppDeps } from '../../app';
import { requireRole, requireUser } from '../../http/access';
import { conflict } from '../../core/errors';
import { paymentProviderFor } from '../../payments/select';
import { appointmentIcs } from './calendar';
import {
  appointmentForParticipant,
  bookAppointment,
  cancelAppointment,
  doctorAppointments,
  doctorAvailability,
  doctorToday,
  listPatientAppointments,
  reviewAppointment,
} from './service';

export async function appointmentRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const provider = paymentProviderFor(deps);

  r.get(
    '/api/doctors/:id/availability',
    {
      config: { access: 'user' },
      schema: {
        params: availabilityParamsSchema,
        querystring: availabilityQuerySchema,
        response: { 200: availabilitySchema },
      },
    },
    async (request) => doctorAvailability(db, request.params.id, request.query.date),
  );

  r.post(
    '/api/appointments',
    { config: { access: 'user' }, schema: { body: createAppointmentBodySchema, response: { 201: appointmentSchema } } },
    async (request, reply) => reply.status(201).send(await bookAppointment(db, requireUser(request), request.body)),
  );

  r.get(
    '/api/appointments/patient',
    { config: { access: 'user' }, schema: { response: { 200: appointmentListSchema } } },
    async (request) => listPatientAppointments(db, requireUser(request).id),
  );

  r.get(
    '/api/appointments/doctor/today',
    { config: { access: 'doctor' }, schema: { response: { 200: appointmentListSchema } } },
    async (request) => doctorToday(db, requireRole(request, 'doctor').id),
  );

  r.get(
    '/api/appointments/doctor',
    { config: { access: 'doctor' }, schema: { response: { 200: doctorAppointmentsSchema } } },
    async (request) => doctorAppointments(db, requireRole(request, 'doctor').id),
  );

  r.get(
    '/api/appointments/:id',
    { config: { access: 'user' }, schema: { params: appointmentIdParamsSchema, response: { 200: appointmentSchema } } },
    async (request) => appointmentForParticipant(db, requireUser(request).id, request.params.id),
  );

  r.patch(
    '/api/appointments/:id',
    {
      config: { access: 'user' },
      schema: {
        params: appointmentIdParamsSchema,
        body: updateAppointmentBodySchema,
        response: { 200: appointmentSchema },
      },
    },
    async (request) => cancelAppointment(db, provider, request.log, requireUser(request).id, request.params.id),
  );

  r.post(
    '/api/appointments/:id/review',
    {
      config: { access: 'user' },
      schema: { params: appointmentIdParamsSchema, body: reviewBodySchema, response: { 201: reviewSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await reviewAppointment(db, requireUser(request).id, request.params.id, request.body)),
  );

  r.get(
    '/api/appointments/:id/calendar.ics',
    { config: { access: 'user' }, schema: { params: appointmentIdParamsSchema } },
    async (request, reply) => {
      const appointment = await appointmentForParticipant(db, requireUser(request).id, request.params.id);
      if (appointment.status !== 'confirmed' && appointment.status !== 'scheduled') {
        throw conflict('Only confirmed appointments can be added to a calendar.');
      }
      const origin = deps.config.publicOrigin ?? `${request.protocol}://${request.host}`;
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="medora-appointment-${appointment.appointmentDate}.ics"`)
        .header('cache-control', 'no-store')
        .send(appointmentIcs(appointment, origin));
    },
  );
}
