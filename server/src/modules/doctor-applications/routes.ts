import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { doctorApplicationReplySchema, doctorApplicationRequestSchema } from '@common/schemas/doctor-applications';
import type { AppDeps } from '../../app';
import { submitApplication } from './service';

export async function doctorApplicationRoutes(app: FastifyInstance, { database }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/doctor-applications',
    {
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 hour' } },
      schema: { body: doctorApplicationRequestSchema, response: { 201: doctorApplicationReplySchema } },
    },
    async (request, reply) => reply.status(201).send(await submitApplication(database.db, request.body)),
  );
}
