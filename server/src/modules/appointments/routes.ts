import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  appointmentIdParamsSchema,
  appointmentListSchema,
  appointmentSchema,
  availabilityParamsSchema,
  availabilityQuerySchema,
  createAppointmentBodySchema,
  doctorAppointmentsSchema,
  overlapListSchema,
  overlapQuerySchema,
  reviewBodySchema,
  reviewSchema,
  updateAppointmentBodySchema,
} from '@common/schemas/appointments';
import { availabilitySchema } from '@common/schemas/availability';
import {
  appointmentPageQuerySchema,
  patientAppointmentPageSchema,
  seenDoctorListSchema,
} from '@common/schemas/appointment-pages';
import type { AppContext } from '../../deps';
import { appointments } from '../../db/schema';
import { sendJson } from '../../http/json-reply';
import { requestLanguage } from '../../http/request-language';
import { route } from '../../http/route';
import { servicesOf } from '../events/bus';
import { localizedError } from '../../core/errors';
import { readAppointment, readAppointments } from '../../policies/appointment';
import { viewerOf } from '../../policies/viewer';
import { publicAvailability } from './availability';
import { appointmentView } from '../appointment-view/view';
import { downloadedIcs } from './calendar';
import { overlappingAppointments } from './overlaps';
import { releaseHold } from './release';
import { doctorsSeenBy, patientAppointmentPage } from './patient-pages';
import { loadAppointment } from './queries';
import {
  bookAppointment,
  cancelByPatient,
  doctorAppointments,
  doctorToday,
  listPatientAppointments,
  reviewAppointment,
} from './service';

export async function appointmentRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, clock, config } = ctx;
  const r = route(app, 'Appointments');

  r.get(
    '/api/doctors/:id/availability',
    {
      access: 'public',
      summary: "List a listed doctor's free and taken half-hour slots from a date, in the doctor's time zone",
      schema: {
        params: availabilityParamsSchema,
        querystring: availabilityQuerySchema,
        response: { 200: availabilitySchema },
      },
    },
    async ({ request, reply }) => {
      const { id } = request.params;
      const { date, days, type } = request.query;
      // Up to 14 days of slots: sent as built (http/json-reply.ts), not copied through the schema.
      return sendJson(reply, JSON.stringify(await publicAvailability(db, id, date, days, clock.now(), type)));
    },
  );

  r.post(
    '/api/appointments',
    {
      access: 'user',
      verifiedEmail: true,
      summary: 'Book a slot with a doctor; the appointment waits for payment',
      errors: {
        404: 'The doctor does not exist or is not listed.',
        409: 'The slot has just been taken, or 3 unpaid bookings are already held by the caller, by accounts of the same e-mail identity, or from the same client address.',
      },
      schema: { body: createAppointmentBodySchema, response: { 201: appointmentSchema } },
    },
    async ({ request, reply, user }) =>
      reply
        .status(201)
        .send(
          await bookAppointment(
            servicesOf(ctx, request.log),
            user,
            request.body,
            { clientAddress: request.ip },
            clock.now(),
          ),
        ),
  );

  r.get(
    '/api/appointments/patient',
    {
      access: 'user',
      summary: 'List my appointments as a patient, latest first',
      schema: { response: { 200: appointmentListSchema } },
    },
    async ({ user }) => listPatientAppointments(db, user.id),
  );

  r.get(
    '/api/patient/appointments',
    {
      access: 'user',
      summary: 'Page through my appointments as a patient: upcoming soonest first, or past and closed latest first',
      schema: { querystring: appointmentPageQuerySchema, response: { 200: patientAppointmentPageSchema } },
    },
    async ({ request, user }) => patientAppointmentPage(db, user.id, request.query, clock.now()),
  );

  r.get(
    '/api/patient/doctors',
    {
      access: 'user',
      summary: 'List the doctors I have had a paid visit with: whom I may write to or share a document with',
      schema: { response: { 200: seenDoctorListSchema } },
    },
    async ({ user }) => doctorsSeenBy(db, user.id),
  );

  r.get(
    '/api/appointments/overlaps',
    {
      access: 'user',
      summary:
        'List my appointments (with any doctor) that overlap a visit I am about to book: paid ones and unpaid holds still keeping their slot',
      schema: { querystring: overlapQuerySchema, response: { 200: overlapListSchema } },
    },
    async ({ request, user }) => overlappingAppointments(db, user.id, request.query, clock.now()),
  );

  r.get(
    '/api/appointments/doctor/today',
    {
      access: 'doctor',
      summary: "List today's appointments of the signed-in doctor, in the doctor's time zone",
      schema: { response: { 200: appointmentListSchema } },
    },
    async ({ request, user }) =>
      readAppointments(
        db,
        viewerOf(request, user),
        clock.now(),
        (visible) => doctorToday(db, user.id, clock.now(), visible),
        (list) => list,
      ),
  );

  r.get(
    '/api/appointments/doctor',
    {
      access: 'doctor',
      summary: 'List my upcoming and past appointments as a doctor',
      schema: { response: { 200: doctorAppointmentsSchema } },
    },
    async ({ request, user }) =>
      readAppointments(
        db,
        viewerOf(request, user),
        clock.now(),
        (visible) => doctorAppointments(db, user.id, clock.now(), visible),
        (lists) => [...lists.upcoming, ...lists.past],
      ),
  );

  r.get(
    '/api/appointments/:id',
    {
      access: 'user',
      summary: 'Read one appointment of mine, as its patient or its doctor',
      schema: { params: appointmentIdParamsSchema, response: { 200: appointmentSchema } },
    },
    async ({ request, user }) =>
      readAppointment(db, viewerOf(request, user), clock.now(), (visible) =>
        loadAppointment(db, and(eq(appointments.id, request.params.id), visible)!),
      ),
  );

  r.patch(
    '/api/appointments/:id',
    {
      access: 'user',
      summary: 'Cancel my confirmed appointment more than 24 hours ahead; the payment is refunded',
      errors: { 409: 'Not confirmed, or less than 24 hours before it starts.' },
      schema: {
        params: appointmentIdParamsSchema,
        body: updateAppointmentBodySchema,
        response: { 200: appointmentSchema },
      },
    },
    async ({ request, user }) => {
      return cancelByPatient(servicesOf(ctx, request.log), user.id, request.params.id, clock.now());
    },
  );

  r.post(
    '/api/appointments/:id/release',
    {
      access: 'user',
      summary: 'Release my unpaid booking at once; its slot is free again and nothing is charged',
      errors: {
        409: 'Already released or cancelled, paid (cancel it instead), or its payment is being processed.',
      },
      schema: { params: appointmentIdParamsSchema, response: { 200: appointmentSchema } },
    },
    async ({ request, user }) => releaseHold(servicesOf(ctx, request.log), user.id, request.params.id, clock.now()),
  );

  r.post(
    '/api/appointments/:id/review',
    {
      access: 'user',
      summary: 'Review my completed appointment, once',
      errors: { 409: 'The consultation is not completed yet, or the caller has already reviewed it.' },
      schema: { params: appointmentIdParamsSchema, body: reviewBodySchema, response: { 201: reviewSchema } },
    },
    async ({ request, reply, user }) =>
      reply.status(201).send(await reviewAppointment(db, user.id, request.params.id, request.body)),
  );

  r.get(
    '/api/appointments/:id/calendar.ics',
    {
      access: 'user',
      summary: 'Download a confirmed appointment as an iCalendar file',
      errors: { 409: 'The appointment is not confirmed.' },
      replies: { 200: { description: 'The iCalendar file, as an attachment.', contentType: 'text/calendar' } },
      schema: { params: appointmentIdParamsSchema },
    },
    async ({ request, reply, user }) => {
      const appointment = await readAppointment(db, viewerOf(request, user), clock.now(), (visible) =>
        loadAppointment(db, and(eq(appointments.id, request.params.id), visible)!),
      );
      if (appointment.status !== 'confirmed' && appointment.status !== 'scheduled') {
        throw localizedError('conflict', 'errors.confirmedAppointmentsAddedCalendar');
      }
      const origin = config.publicOrigin ?? `${request.protocol}://${request.host}`;
      // The read above decided and audited; the file is written from the one appointment view.
      const view = (await appointmentView(db, appointment.id))!;
      const ics = downloadedIcs(appointment, view, origin, requestLanguage(request));
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="medora-appointment-${appointment.appointmentDate}.ics"`)
        .header('cache-control', 'no-store')
        .send(ics);
    },
  );
}
