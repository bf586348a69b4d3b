import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { UNREAD_NOTICE_AFTER_MS } from '@common/constants/care';
import type { Db } from '../../db/client';
import { doctors, users } from '../../db/schema';
import { unreadNoticeDue } from '../../policies/conversation';
import { on } from '../events/bus';
import { defineJobKind } from '../jobs/registry';
import { enqueueJob, enqueueJobs } from '../jobs/queue';
import { bindJob } from '../jobs/worker';
import { notify } from '../notifications/service';

/**
 * Ten minutes after a message, if its recipient has not read it, one bell and one e-mail that say
 * who wrote, never what. One job per message, queued in the sending transaction; the job finds
 * whether the message is still unread and the first of its run, so a run of messages brings one
 * notice and a message read in time brings none.
 */
export const messageUnreadJob = defineJobKind({
  kind: 'message_unread',
  version: 1,
  schema: z.object({ messageId: z.number().int().positive() }),
});

export const conversationSubscribers = [
  on('conversation.message_sent', 'conversations: announce the message if it stays unread', async (event, unit) => {
    await enqueueJob(
      unit.tx,
      messageUnreadJob,
      { messageId: event.message.id },
      { runAt: new Date(unit.now.getTime() + UNREAD_NOTICE_AFTER_MS) },
    );
  }),
];

/** How the sender is named: "Dr. Amara Okafor" for a doctor, the patient's own name otherwise. */
async function senderName(db: Db, senderId: string): Promise<{ name: string; doctor: boolean } | null> {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, doctorId: doctors.id })
    .from(users)
    .leftJoin(doctors, eq(users.id, doctors.userId))
    .where(eq(users.id, senderId));
  if (!row) return null;
  return { name: `${row.firstName} ${row.lastName}`, doctor: row.doctorId !== null };
}

export const messageUnreadBinding = (db: Db) =>
  bindJob(messageUnreadJob, async (job) => {
    const due = await unreadNoticeDue(db, job.payload.messageId);
    if (!due) return { status: 'dropped', reason: 'read in time, deleted, or not the first unread' };
    const [recipient] = await db
      .select({ deletedAt: users.deletedAt, isActive: users.isActive })
      .from(users)
      .where(eq(users.id, due.recipientId));
    if (!recipient || recipient.deletedAt || !recipient.isActive) {
      return { status: 'dropped', reason: 'the recipient account is closed' };
    }
    const sender = await senderName(db, due.senderId);
    if (!sender) return { status: 'dropped', reason: 'the sender no longer exists' };
    const values = { sender: sender.doctor ? `Dr. ${sender.name}` : sender.name };
    await db.transaction(async (tx) => {
      await notify(tx, {
        userId: due.recipientId,
        type: 'message_unread',
        priority: 'medium',
        text: { titleKey: 'care.notify.unread.title', messageKey: 'care.notify.unread.message', values },
      });
      await enqueueJobs(tx, [
        {
          kind: 'email',
          payload: { kind: 'message_unread', userId: due.recipientId, senderId: due.senderId },
          runAt: job.runAt,
        },
      ]);
    });
    return { status: 'done' };
  });
