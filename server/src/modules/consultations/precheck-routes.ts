import type { FastifyInstance } from 'fastify';
import { consultationIdParamsSchema } from '@common/schemas/consultations';
import { precheckInputSchema, precheckListSchema, precheckSchema } from '@common/schemas/prechecks';
import type { AppContext } from '../../deps';
import { route } from '../../http/route';
import { doctorPatientPrechecks, prechecksOf, recordPrecheck } from './precheck';

/** The pre-call check's results: written by each participant, read beside the patient by the doctor. */
export async function precheckRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, clock } = ctx;
  const r = route(app, 'Consultations');
  const params = consultationIdParamsSchema;

  r.post(
    '/api/consultations/:id/precheck',
    {
      access: 'user',
      summary: 'Record my pre-call check of a consultation (camera, microphone, network), replacing my earlier one',
      errors: { 409: 'The consultation has ended.' },
      schema: { params, body: precheckInputSchema, response: { 200: precheckSchema } },
    },
    async ({ request, user }) => recordPrecheck(db, user.id, request.params.id, request.body, clock.now()),
  );

  r.get(
    '/api/consultations/:id/precheck',
    {
      access: 'user',
      summary: "Both participants' latest pre-call checks of a consultation",
      schema: { params, response: { 200: precheckListSchema } },
    },
    async ({ request, user }) => prechecksOf(db, user.id, request.params.id),
  );

  r.get(
    '/api/doctor/consultation-prechecks',
    {
      access: 'doctor',
      summary: "My patients' pre-call checks of visits from a day ago on, for the schedule and the book",
      schema: { response: { 200: precheckListSchema } },
    },
    async ({ user }) => doctorPatientPrechecks(db, user.id, clock.now()),
  );
}
