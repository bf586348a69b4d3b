import type { FastifyInstance } from 'fastify';
import { dashboardStatsSchema } from '@common/schemas/dashboard';
import type { AppContext } from '../../deps';
import { route } from '../../http/route';
import { dashboardStats } from './service';

export async function dashboardRoutes(app: FastifyInstance, { db, clock }: AppContext) {
  const r = route(app, 'Doctor dashboard');

  r.get(
    '/api/dashboard/stats',
    {
      access: 'doctor',
      summary: "Read the signed-in doctor's dashboard figures",
      schema: { response: { 200: dashboardStatsSchema } },
    },
    async ({ user }) => dashboardStats(db, user.id, clock.now()),
  );
}
