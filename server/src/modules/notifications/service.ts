import { and, desc, eq } from 'drizzle-orm';
import type { Notification } from '@common/schemas/notifications';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';
import { notFound } from '../../core/errors';

type Row = typeof notifications.$inferSelect;
export type NewNotification = Omit<typeof notifications.$inferInsert, 'id' | 'createdAt' | 'isRead'>;

const LIST_LIMIT = 50;

export const presentNotification = (row: Row): Notification => ({
  id: row.id,
  type: row.type,
  title: row.title,
  message: row.message,
  priority: row.priority,
  isRead: row.isRead,
  createdAt: row.createdAt.toISOString(),
});

export async function listNotifications(db: Db, userId: string): Promise<Notification[]> {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt))
    .limit(LIST_LIMIT);
  return rows.map(presentNotification);
}

/** Read is final: marking twice is harmless; someone else's id is "not found". */
export async function markNotificationRead(db: Db, userId: string, id: string): Promise<Notification> {
  const [row] = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  if (!row) throw notFound('Notification');
  return presentNotification(row);
}

/** Marks every unread notification of mine read; how many changed (0 the second time). */
export async function markAllNotificationsRead(db: Db, userId: string): Promise<{ updated: number }> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return { updated: rows.length };
}

export async function notify(db: Db, notification: NewNotification): Promise<void> {
  await db.insert(notifications).values(notification);
}
