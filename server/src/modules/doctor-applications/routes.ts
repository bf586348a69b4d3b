import type { FastifyInstance } from 'fastify';
import { doctorApplicationReplySchema, doctorApplicationRequestSchema } from '@common/schemas/doctor-applications';
import type { AppContext } from '../../deps';
import { route } from '../../http/route';
import { submitApplication } from './service';

export async function doctorApplicationRoutes(app: FastifyInstance, { db }: AppContext) {
  const r = route(app, 'Doctor applications');

  r.post(
    '/api/doctor-applications',
    {
      access: 'public',
      verifiedEmail: true,
      summary: 'Apply to join Medora as a doctor',
      errors: {
        409: 'An application with this e-mail is already under review.',
        429: 'More than 30 applications in an hour from this address.',
      },
      rateLimit: { max: 30, timeWindow: '1 hour' },
      schema: { body: doctorApplicationRequestSchema, response: { 201: doctorApplicationReplySchema } },
    },
    async ({ request, reply }) => reply.status(201).send(await submitApplication(db, request.body)),
  );
}
