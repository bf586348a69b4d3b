import type { FastifyInstance } from 'fastify';
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
import type { AppContext } from '../../deps';
import { route } from '../../http/route';
import { conflict } from '../../core/errors';
import { recordReadsOf } from '../audit/patient-reads';
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

export async function appointmentRoutes(app: FastifyInstance, { db, payments, clock, config, realtime }: AppContext) {
  const r = route(app);

  r.get(
    '/api/doctors/:id/availability',
    {
      access: 'user',
      schema: {
        params: availabilityParamsSchema,
        querystring: availabilityQuerySchema,
        response: { 200: availabilitySchema },
      },
    },
    async ({ request }) => doctorAvailability(db, request.params.id, request.query.date, clock.now()),
  );

  r.post(
    '/api/appointments',
    { access: 'user', schema: { body: createAppointmentBodySchema, response: { 201: appointmentSchema } } },
    async ({ request, reply, user }) =>
      reply.status(201).send(await bookAppointment(db, user, request.body, clock.now())),
  );

  r.get(
    '/api/appointments/patient',
    { access: 'user', schema: { response: { 200: appointmentListSchema } } },
    async ({ user }) => listPatientAppointments(db, user.id),
  );

  r.get(
    '/api/appointments/doctor/today',
    { access: 'doctor', schema: { response: { 200: appointmentListSchema } } },
    async ({ request, user }) => {
      const list = await doctorToday(db, user.id, clock.now());
      await recordReadsOf(db, request, user, 'appointments', list, clock.now());
      return list;
    },
  );

  r.get(
    '/api/appointments/doctor',
    { access: 'doctor', schema: { response: { 200: doctorAppointmentsSchema } } },
    async ({ request, user }) => {
      const lists = await doctorAppointments(db, user.id, clock.now());
      await recordReadsOf(db, request, user, 'appointments', [...lists.upcoming, ...lists.past], clock.now());
      return lists;
    },
  );

  r.get(
    '/api/appointments/:id',
    { access: 'user', schema: { params: appointmentIdParamsSchema, response: { 200: appointmentSchema } } },
    async ({ request, user }) => {
      const appointment = await appointmentForParticipant(db, user.id, request.params.id);
      await recordReadsOf(db, request, user, 'appointments', [appointment], clock.now());
      return appointment;
    },
  );

  r.patch(
    '/api/appointments/:id',
    {
      access: 'user',
      schema: {
        params: appointmentIdParamsSchema,
        body: updateAppointmentBodySchema,
        response: { 200: appointmentSchema },
      },
    },
    async ({ request, user }) => {
      const appointment = await cancelAppointment(db, payments, request.log, user.id, request.params.id, clock.now());
      await realtime.hub.closeRoom(appointment.id);
      return appointment;
    },
  );

  r.post(
    '/api/appointments/:id/review',
    {
      access: 'user',
      schema: { params: appointmentIdParamsSchema, body: reviewBodySchema, response: { 201: reviewSchema } },
    },
    async ({ request, reply, user }) =>
      reply.status(201).send(await reviewAppointment(db, user.id, request.params.id, request.body)),
  );

  r.get(
    '/api/appointments/:id/calendar.ics',
    { access: 'user', schema: { params: appointmentIdParamsSchema } },
    async ({ request, reply, user }) => {
      const appointment = await appointmentForParticipant(db, user.id, request.params.id);
      await recordReadsOf(db, request, user, 'appointments', [appointment], clock.now());
      if (appointment.status !== 'confirmed' && appointment.status !== 'scheduled') {
        throw conflict('Only confirmed appointments can be added to a calendar.');
      }
      const origin = config.publicOrigin ?? `${request.protocol}://${request.host}`;
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="medora-appointment-${appointment.appointmentDate}.ics"`)
        .header('cache-control', 'no-store')
        .send(appointmentIcs(appointment, origin));
    },
  );
}
