import type { FastifyInstance } from 'fastify';
import { notificationIdParamsSchema, notificationListSchema, notificationSchema } from '@common/schemas/notifications';
import type { AppContext } from '../../deps';
import { route } from '../../http/route';
import { listNotifications, markNotificationRead } from './service';

export async function notificationRoutes(app: FastifyInstance, { db }: AppContext) {
  const r = route(app, 'Notifications');

  r.get(
    '/api/notifications',
    {
      access: 'user',
      summary: 'List my notifications, newest first',
      schema: { response: { 200: notificationListSchema } },
    },
    async ({ user }) => listNotifications(db, user.id),
  );

  r.patch(
    '/api/notifications/:id/read',
    {
      access: 'user',
      summary: 'Mark one of my notifications read',
      schema: { params: notificationIdParamsSchema, response: { 200: notificationSchema } },
    },
    async ({ request, user }) => markNotificationRead(db, user.id, request.params.id),
  );
}
