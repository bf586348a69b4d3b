import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notificationIdParamsSchema, notificationListSchema, notificationSchema } from '@common/schemas/notifications';
import type { AppDeps } from '../../app';
import { requireUser } from '../../http/access';
import { listNotifications, markNotificationRead } from './service';

export async function notificationRoutes(app: FastifyInstance, { database }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/notifications',
    { config: { access: 'user' }, schema: { response: { 200: notificationListSchema } } },
    async (request) => listNotifications(database.db, requireUser(request).id),
  );

  r.patch(
    '/api/notifications/:id/read',
    {
      config: { access: 'user' },
      schema: { params: notificationIdParamsSchema, response: { 200: notificationSchema } },
    },
    async (request) => markNotificationRead(database.db, requireUser(request).id, request.params.id),
  );
}
