import { z } from 'zod';

export const NOTIFICATION_TYPES = ['appointment_confirmation', 'appointment_booking', 'outbreak_alert'] as const;
export const NOTIFICATION_PRIORITIES = ['urgent', 'high', 'medium', 'low'] as const;

export const notificationSchema = z.object({
  id: z.uuid(),
  type: z.string(),
  title: z.string(),
  message: z.string(),
  priority: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.array(notificationSchema);
export const notificationIdParamsSchema = z.object({
  id: z.uuid({ error: 'Notification id must be a UUID' }),
});
