import type { FastifyInstance } from 'fastify';
import { healthReplySchema, livenessReplySchema, readinessReplySchema } from '@common/schemas/health';
import type { AppContext } from '../../deps';
import { migrationsApplied } from '../../db/migrate';
import { route } from '../../http/route';

export async function healthRoutes(app: FastifyInstance, { database, config }: AppContext) {
  const r = route(app, 'Service');
  r.get(
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

  r.get(
    '/api/health/live',
    {
      access: 'public',
      summary: 'Liveness: the process is up and answering (no database check)',
      schema: { response: { 200: livenessReplySchema } },
    },
    async () => ({ status: 'ok' as const, uptimeSeconds: Math.round(process.uptime()) }),
  );

  // Migrations never un-apply, so once seen complete they are not read again.
  let migrated = false;
  r.get(
    '/api/health/ready',
    {
      access: 'public',
      summary: 'Readiness: the database answers and every migration is applied',
      replies: { 503: { description: 'Not ready: the database is unreachable or migrations are pending.' } },
      schema: { response: { 200: readinessReplySchema, 503: readinessReplySchema } },
    },
    async ({ reply }) => {
      const up = await database.ping();
      if (up && !migrated) migrated = await migrationsApplied(database);
      const ready = up && migrated;
      return reply.status(ready ? 200 : 503).send({
        status: ready ? 'ready' : 'not_ready',
        database: up ? 'up' : 'down',
        migrations: migrated ? 'done' : 'pending',
      });
    },
  );
}
