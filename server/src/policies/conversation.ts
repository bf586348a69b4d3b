import { and, asc, desc, eq, gt, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { MESSAGE_PAGE_SIZE } from '@common/constants/care';
import type { Conversation, Message, MessagePage } from '@common/schemas/conversations';
import type { Db } from '../db/client';
import { conversations, doctorReplyPromises, doctors, messages, users } from '../db/schema';
import { notFound } from '../core/errors';
import { recordRead } from './access-audit';
import { doctorIdOfUser } from './care-relation';
import type { Viewer } from './viewer';

/*
 * Conversations between visits (issue 41). A conversation belongs to its patient and its doctor;
 * anyone else, administrators included, is told it does not exist. Reading its messages is a read
 * of the patient's record by the doctor, audited as `conversation_messages`. The list (who, when,
 * how many unread) shows no message text and is not audited.
 */

export type ConversationRow = typeof conversations.$inferSelect;
export type ConversationParties = { patientId: string; doctorUserId: string };
export type ConversationAction = 'read' | 'write' | 'close';

export function can(viewer: Pick<Viewer, 'id'>, action: ConversationAction, c: ConversationParties): boolean {
  switch (action) {
    case 'read':
    case 'write':
      return c.patientId === viewer.id || c.doctorUserId === viewer.id;
    case 'close':
      return c.doctorUserId === viewer.id;
  }
}

/** The SQL form of `can(viewer, 'read', …)` over `conversations`. */
export const conversationsVisibleTo = (viewer: Pick<Viewer, 'id'>): SQL =>
  or(eq(conversations.patientId, viewer.id), sql`${conversations.doctorId} = ${doctorIdOfUser(viewer.id)}`)!;

export type LoadedConversation = ConversationRow & { doctorUserId: string };

/**
 * A conversation as the viewer may see it, for the commands on it (send, read marker, close): 404
 * when absent or not theirs. Its messages are not read here, so this is not audited.
 */
export async function conversationFor(db: Db, viewer: Viewer, id: string): Promise<LoadedConversation> {
  const [row] = await db
    .select({ conversation: conversations, doctorUserId: doctors.userId })
    .from(conversations)
    .innerJoin(doctors, eq(doctors.id, conversations.doctorId))
    .where(and(eq(conversations.id, id), conversationsVisibleTo(viewer)));
  if (!row) throw notFound('Conversation');
  return { ...row.conversation, doctorUserId: row.doctorUserId };
}

type MessageRow = typeof messages.$inferSelect;
export const presentMessage = (row: MessageRow): Message => ({
  id: row.id,
  conversationId: row.conversationId,
  senderId: row.senderId,
  body: row.body,
  documentIds: row.documentIds,
  createdAt: row.createdAt.toISOString(),
});

/**
 * One page of a conversation's messages before message `before` (the newest page without it),
 * oldest first, for one of its two parties (404 for anyone else); the doctor's read is audited.
 */
export async function readMessages(
  db: Db,
  viewer: Viewer,
  conversationId: string,
  before: number | undefined,
  now: Date,
): Promise<MessagePage> {
  const conversation = await conversationFor(db, viewer, conversationId);
  const rows = await db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), before ? lt(messages.id, before) : undefined))
    .orderBy(desc(messages.id))
    .limit(MESSAGE_PAGE_SIZE + 1);
  await recordRead(
    db,
    viewer,
    { patientId: conversation.patientId, kind: 'conversation_messages', targetId: conversationId },
    now,
  );
  const page = rows.slice(0, MESSAGE_PAGE_SIZE).reverse();
  return {
    messages: page.map(presentMessage),
    nextBefore: rows.length > MESSAGE_PAGE_SIZE ? page[0].id : null,
  };
}

const patientUser = alias(users, 'patient_user');
const doctorUser = alias(users, 'doctor_user');

/**
 * The viewer's conversations, the latest first: the other party, the last message's time, and how
 * many of the other party's messages came after the viewer's read marker. No text, not audited.
 */
export async function listConversations(db: Db, viewer: Viewer, onlyId?: string): Promise<Conversation[]> {
  const readId = sql`case when ${conversations.patientId} = ${viewer.id} then ${conversations.patientReadId} else ${conversations.doctorReadId} end`;
  const unread = sql<number>`(select count(*)::int from ${messages}
    where ${messages.conversationId} = ${conversations.id} and ${messages.senderId} <> ${viewer.id}
      and ${messages.id} > ${readId})`;
  const rows = await db
    .select({
      c: conversations,
      patient: { id: patientUser.id, firstName: patientUser.firstName, lastName: patientUser.lastName },
      doctor: {
        id: doctorUser.id,
        firstName: doctorUser.firstName,
        lastName: doctorUser.lastName,
        doctorId: doctors.id,
        specialty: doctors.specialty,
      },
      replyWithinDays: doctorReplyPromises.replyWithinDays,
      unread,
    })
    .from(conversations)
    .innerJoin(doctors, eq(doctors.id, conversations.doctorId))
    .innerJoin(patientUser, eq(patientUser.id, conversations.patientId))
    .innerJoin(doctorUser, eq(doctorUser.id, doctors.userId))
    .leftJoin(doctorReplyPromises, eq(doctorReplyPromises.doctorId, conversations.doctorId))
    .where(and(conversationsVisibleTo(viewer), onlyId ? eq(conversations.id, onlyId) : undefined))
    .orderBy(sql`${conversations.lastMessageAt} desc nulls last`, desc(conversations.createdAt))
    .limit(500);
  return rows.map((r) => ({
    id: r.c.id,
    status: r.c.status,
    patient: r.patient,
    doctor: { ...r.doctor, specialty: r.doctor.specialty ?? null },
    replyWithinDays: r.replyWithinDays ?? null,
    lastMessageAt: r.c.lastMessageAt?.toISOString() ?? null,
    unreadCount: Number(r.unread),
    closedAt: r.c.closedAt?.toISOString() ?? null,
    createdAt: r.c.createdAt.toISOString(),
  }));
}

/** The newest message id of a conversation (0 when none): what a read marker moves to. Reads no text. */
export async function latestMessageId(db: Db, conversationId: string): Promise<number> {
  const [row] = await db
    .select({ id: sql<number | null>`max(${messages.id})` })
    .from(messages)
    .where(eq(messages.conversationId, conversationId));
  return Number(row?.id ?? 0);
}

/**
 * For the unread-message job: whether message `messageId` is still unread by its recipient and is
 * the first of the sender's unread run (so a run of messages brings one bell, not one each). Only
 * ids and parties are read, never the text; the job is the system's, not a person's read.
 */
export async function unreadNoticeDue(db: Db, messageId: number) {
  const [row] = await db
    .select({
      messageId: messages.id,
      senderId: messages.senderId,
      conversationId: conversations.id,
      patientId: conversations.patientId,
      doctorUserId: doctors.userId,
      patientReadId: conversations.patientReadId,
      doctorReadId: conversations.doctorReadId,
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(doctors, eq(doctors.id, conversations.doctorId))
    .where(eq(messages.id, messageId));
  if (!row) return null;
  const toPatient = row.senderId !== row.patientId;
  const readId = toPatient ? row.patientReadId : row.doctorReadId;
  if (row.messageId <= readId) return null;
  const [earlier] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, row.conversationId),
        ne(messages.senderId, toPatient ? row.patientId : row.doctorUserId),
        gt(messages.id, readId),
        lt(messages.id, row.messageId),
      ),
    )
    .limit(1);
  if (earlier) return null;
  return {
    conversationId: row.conversationId,
    senderId: row.senderId,
    recipientId: toPatient ? row.patientId : row.doctorUserId,
  };
}

/** Every message of the viewer's conversations as patient, and those they sent, for their data export. */
export async function ownConversationMessages(db: Db, viewer: Viewer) {
  const rows = await db
    .select()
    .from(messages)
    .where(
      or(
        eq(messages.senderId, viewer.id),
        inArray(
          messages.conversationId,
          db.select({ id: conversations.id }).from(conversations).where(eq(conversations.patientId, viewer.id)),
        ),
      ),
    )
    .orderBy(asc(messages.id));
  return rows.map(presentMessage);
}
