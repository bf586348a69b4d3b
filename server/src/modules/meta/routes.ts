import type { FastifyInstance } from 'fastify';
import { appConfigSchema, DEMO_ACCOUNTS } from '@common/schemas/meta';
import type { AppContext } from '../../deps';
import { route } from '../../http/route';

export async function metaRoutes(app: FastifyInstance, { config }: AppContext) {
  route(app, 'Service').get(
    '/api/config',
    {
      access: 'public',
      summary: 'Tell the client whether demo mode is on, which demo accounts it offers and who operates the service',
      schema: { response: { 200: appConfigSchema } },
    },
    async () => ({
      demoMode: config.demoMode,
      demoAccounts: config.demoMode ? DEMO_ACCOUNTS : [],
      operator: config.operator,
    }),
  );
}
