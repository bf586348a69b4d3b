import { z } from 'zod';
import { NOTIFICATION_PRIORITIES, NOTIFICATION_TYPES } from '../constants/notifications';

export const notificationSchema = z.object({
  id: z.uuid(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  message: z.string(),
  priority: z.enum(NOTIFICATION_PRIORITIES),
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.array(notificationSchema);
export const notificationIdParamsSchema = z.object({
  id: z.uuid({ error: 'Notification id must be a UUID' }),
});

/** What "Mark all as read" changed: how many were unread. */
export const markAllReadSchema = z.object({ updated: z.number().int() });
export type MarkAllRead = z.infer<typeof markAllReadSchema>;
