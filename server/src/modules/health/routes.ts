import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthReplySchema } from '@common/schemas/health';
import type { AppDeps } from '../../app';

export async function healthRoutes(app: FastifyInstance, { database, config }: AppDeps) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/health',
      { config: { access: 'public' }, schema: { response: { 200: healthReplySchema, 503: healthReplySchema } } },
      async (_request, reply) => {
        const up = await database.ping();
        return reply.status(up ? 200 : 503).send({
          status: up ? 'ok' : 'degraded',
          database: up ? 'up' : 'down',
          driver: database.driver,
          demoMode: config.demoMode,
          uptimeSeconds: Math.round(process.uptime()),
        });
      },
    );
}
