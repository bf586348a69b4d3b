import type { FastifyInstance } from 'fastify';
import {
  markAllReadSchema,
  notificationIdParamsSchema,
  notificationListSchema,
  notificationSchema,
} from '@common/schemas/notifications';
import type { AppContext } from '../../deps';
import { requestLanguage } from '../../http/request-language';
import { route } from '../../http/route';
import { listNotifications, markAllNotificationsRead, markNotificationRead } from './service';

export async function notificationRoutes(app: FastifyInstance, { db }: AppContext) {
  const r = route(app, 'Notifications');

  r.get(
    '/api/notifications',
    {
      access: 'user',
      summary: 'List my notifications, newest first',
      schema: { response: { 200: notificationListSchema } },
    },
    async ({ request, user }) => listNotifications(db, user.id, requestLanguage(request)),
  );

  r.patch(
    '/api/notifications/:id/read',
    {
      access: 'user',
      summary: 'Mark one of my notifications read',
      schema: { params: notificationIdParamsSchema, response: { 200: notificationSchema } },
    },
    async ({ request, user }) => markNotificationRead(db, user.id, request.params.id, requestLanguage(request)),
  );

  r.post(
    '/api/notifications/read-all',
    {
      access: 'user',
      summary: 'Mark all my notifications read',
      schema: { response: { 200: markAllReadSchema } },
    },
    async ({ user }) => markAllNotificationsRead(db, user.id),
  );
}
