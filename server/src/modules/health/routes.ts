import type { FastifyInstance } from 'fastify';
import { healthReplySchema } from '@common/schemas/health';
import type { AppContext } from '../../deps';
import { route } from '../../http/route';

export async function healthRoutes(app: FastifyInstance, { database, config }: AppContext) {
  route(app, 'Service').get(
    '/api/health',
    {
      access: 'public',
      summary: 'Report whether the service and its database are up',
      replies: { 503: { description: 'The database is unreachable.' } },
      schema: { response: { 200: healthReplySchema, 503: healthReplySchema } },
    },
    async ({ reply }) => {
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
