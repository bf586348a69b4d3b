import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardStatsSchema } from '@common/schemas/dashboard';
import type { AppDeps } from '../../app';
import { requireUser } from '../../http/access';
import { dashboardStats } from './service';

export async function dashboardRoutes(app: FastifyInstance, { database }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/dashboard/stats',
    { config: { access: 'doctor' }, schema: { response: { 200: dashboardStatsSchema } } },
    async (request) => dashboardStats(database.db, requireUser(request).id),
  );
}
