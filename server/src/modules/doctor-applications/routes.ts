import type { FastifyInstance } from 'fastify';
import { doctorApplicationReplySchema, doctorApplicationRequestSchema } from '@common/schemas/doctor-applications';
import type { AppContext } from '../../deps';
import { route } from '../../http/route';
import { submitApplication } from './service';

export async function doctorApplicationRoutes(app: FastifyInstance, { db }: AppContext) {
  const r = route(app);

  r.post(
    '/api/doctor-applications',
    {
      access: 'public',
      rateLimit: { max: 30, timeWindow: '1 hour' },
      schema: { body: doctorApplicationRequestSchema, response: { 201: doctorApplicationReplySchema } },
    },
    async ({ request, reply }) => reply.status(201).send(await submitApplication(db, request.body)),
  );
}
