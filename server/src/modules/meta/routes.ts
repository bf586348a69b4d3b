import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { appConfigSchema, DEMO_ACCOUNTS } from '@common/schemas/meta';
import type { AppDeps } from '../../app';

export async function metaRoutes(app: FastifyInstance, { config }: AppDeps) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/config', { config: { access: 'public' }, schema: { response: { 200: appConfigSchema } } }, async () => ({
      demoMode: config.demoMode,
      demoAccounts: config.demoMode ? DEMO_ACCOUNTS : [],
    }));
}
