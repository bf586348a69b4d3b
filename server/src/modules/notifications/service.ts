import { and, desc, eq } from 'drizzle-orm';
import type { Notification } from '@common/schemas/notifications';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';
import { DEFAULT_LANGUAGE, type Language } from '@common/i18n/languages';
import { notFound } from '../../core/errors';
import { notificationIn, type NotificationText } from './texts';

type Row = typeof notifications.$inferSelect;
export type NewNotification = Pick<typeof notifications.$inferInsert, 'userId' | 'type' | 'priority'> & {
  /** What it says, as catalogue keys and values: each reader sees it in their language (decision 099). */
  text: NotificationText;
};

const LIST_LIMIT = 50;

export const presentNotification = (row: Row, language: Language = DEFAULT_LANGUAGE): Notification => ({
  id: row.id,
  type: row.type,
  ...notificationIn(language, row),
  priority: row.priority,
  isRead: row.isRead,
  createdAt: row.createdAt.toISOString(),
});

export async function listNotifications(
  db: Db,
  userId: string,
  language: Language = DEFAULT_LANGUAGE,
): Promise<Notification[]> {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt))
    .limit(LIST_LIMIT);
  return rows.map((row) => presentNotification(row, language));
}

/** Read is final: marking twice is harmless; someone else's id is "not found". */
export async function markNotificationRead(
  db: Db,
  userId: string,
  id: string,
  language: Language = DEFAULT_LANGUAGE,
): Promise<Notification> {
  const [row] = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  if (!row) throw notFound('Notification');
  return presentNotification(row, language);
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

/**
 * The release before decision 099 shows an English reader the row's stored English. Until none of
 * its instances runs (a rolling deploy), rows keep the catalogue's English beside the keys: migration
 * 0059 is the expand step; the release after this one stops writing the columns (the contract step).
 */
const PREVIOUS_RELEASE_READS: Language = 'en';

/** Writes bell notifications; several (both sides of a booking) in one statement. */
export async function notify(db: Db, ...list: NewNotification[]): Promise<void> {
  if (list.length === 0) return;
  await db.insert(notifications).values(
    list.map(({ text, ...notification }) => {
      const stored = notificationIn(PREVIOUS_RELEASE_READS, { title: null, message: null, values: null, ...text });
      return { ...notification, ...text, ...stored };
    }),
  );
}
