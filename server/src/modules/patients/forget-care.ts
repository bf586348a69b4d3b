import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { conversations, documents, emailMessages, jobs, notifications } from '../../db/schema';
import { storageKeysOf } from '../../policies/document';
import { databaseDocumentStore } from '../documents/store';
import { scrubbed } from './forget-person';

/**
 * Care between visits leaves nothing of a deleted patient (issue 41, the privacy page): their
 * conversations with every message, their documents with their bytes and shares, the notices
 * still waiting, and the doctors' bells and stored mails that named them as a sender. Runs in the
 * deletion's transaction; the database store's bytes go with it, a bucket's at a later
 * housekeeping sweep, within 75 minutes (documents/orphans.ts: a bucket cannot take part in the transaction).
 */
export async function forgetCare(tx: Db, patientId: string, fullName: string, placeholder: string) {
  const keys = await storageKeysOf(tx, patientId);
  await tx.delete(documents).where(eq(documents.patientId, patientId));
  await databaseDocumentStore(tx).delete(keys);
  // Messages go with their conversation (on delete cascade); their waiting notices find nothing.
  await tx.delete(conversations).where(eq(conversations.patientId, patientId));
  await tx
    .delete(jobs)
    .where(and(eq(jobs.kind, 'email'), eq(jobs.status, 'queued'), sql`${jobs.payload}->>'senderId' = ${patientId}`));
  // The doctors' copies of "X sent you a message" name the patient: dropped, as the bells are unnamed.
  await tx
    .delete(emailMessages)
    .where(and(eq(emailMessages.kind, 'message_unread'), sql`position(${fullName} in ${emailMessages.textBody}) > 0`));
  const bells = await tx
    .select()
    .from(notifications)
    .where(and(eq(notifications.type, 'message_unread'), sql`${notifications.values}->>'sender' = ${fullName}`));
  for (const bell of bells) {
    await tx
      .update(notifications)
      .set({
        title: scrubbed(bell.title, [fullName], placeholder),
        message: scrubbed(bell.message, [fullName], placeholder),
        values: { ...bell.values, sender: placeholder },
      })
      .where(eq(notifications.id, bell.id));
  }
}
