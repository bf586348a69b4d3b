import { and, eq, sql } from 'drizzle-orm';
import { MESSAGE_RATE_LIMITS } from '@common/constants/care';
import type {
  Conversation,
  Message,
  OpenConversationBody,
  ReplyPromise,
  SendMessageBody,
} from '@common/schemas/conversations';
import type { Db } from '../../db/client';
import { conversations, doctorReplyPromises, doctors, documentShares, messages } from '../../db/schema';
import { forbidden, localizedError, notFound } from '../../core/errors';
import { countHit } from '../../http/shared-counter';
import { paidVisitBetween } from '../../policies/care-relation';
import {
  can,
  conversationFor,
  latestMessageId,
  listConversations,
  presentMessage,
  type LoadedConversation,
} from '../../policies/conversation';
import { attachableDocuments } from '../../policies/document';
import { doctorsOwnedBy } from '../../policies/doctor';
import type { Viewer } from '../../policies/viewer';
import { inUnit, type UnitServices } from '../events/bus';

/*
 * Conversations between visits (issue 41, docs/care-between-visits.md). One per patient and doctor.
 * A patient opens one with a doctor they have had a paid visit with; a doctor with any patient of
 * theirs (the same relation); for anyone else the other party does not exist (404).
 */

/** The one conversation of the viewer with this doctor or patient, as the viewer sees it. */
async function presented(db: Db, viewer: Viewer, id: string): Promise<Conversation> {
  const [one] = await listConversations(db, viewer, id);
  if (!one) throw notFound('Conversation');
  return one;
}

/**
 * Opens the conversation of the pair, or answers the existing one (`created: false`). A patient
 * who writes again after the doctor closed it reopens it with a visit booked since.
 */
export async function openConversation(
  db: Db,
  viewer: Viewer,
  body: OpenConversationBody,
  now: Date,
): Promise<{ conversation: Conversation; created: boolean }> {
  let patientId: string;
  let doctorId: string;
  if ('doctorId' in body && viewer.role === 'patient') {
    patientId = viewer.id;
    doctorId = body.doctorId;
  } else if ('patientId' in body && viewer.role === 'doctor') {
    const [own] = await db.select({ id: doctors.id }).from(doctors).where(doctorsOwnedBy(viewer));
    if (!own) throw notFound('Doctor profile');
    patientId = body.patientId;
    doctorId = own.id;
  } else {
    throw notFound('User');
  }
  const [related] = await db
    .select({ ok: sql<boolean>`${paidVisitBetween(patientId, doctorId)}` })
    .from(sql`(select 1) as one`);
  if (!related?.ok) throw notFound('doctorId' in body ? 'Doctor' : 'User');
  const [inserted] = await db
    .insert(conversations)
    .values({ patientId, doctorId, createdAt: now })
    .onConflictDoNothing({ target: [conversations.patientId, conversations.doctorId] })
    .returning({ id: conversations.id });
  if (inserted) return { conversation: await presented(db, viewer, inserted.id), created: true };
  const [existing] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.patientId, patientId), eq(conversations.doctorId, doctorId)));
  if (existing.status === 'closed' && viewer.role === 'patient' && (await newVisitSince(db, existing))) {
    await reopen(db, existing.id);
  }
  return { conversation: await presented(db, viewer, existing.id), created: false };
}

async function newVisitSince(db: Db, c: Pick<LoadedConversation, 'patientId' | 'doctorId' | 'closedAt'>) {
  const [row] = await db
    .select({ ok: sql<boolean>`${paidVisitBetween(c.patientId, c.doctorId, c.closedAt ?? undefined)}` })
    .from(sql`(select 1) as one`);
  return row?.ok === true;
}

const reopen = (db: Db, id: string) =>
  db.update(conversations).set({ status: 'open', closedAt: null }).where(eq(conversations.id, id));

/** Counts one message against each of the sender's windows; 429 past any of them. */
async function checkRate(db: Db, senderId: string, now: Date) {
  for (const { windowMs, max } of MESSAGE_RATE_LIMITS) {
    const { hits } = await countHit(db, `conversation-message:${windowMs}:${senderId}`, windowMs, now);
    if (hits > max) throw localizedError('rate_limited', 'care.errors.tooFast');
  }
}

/**
 * Stores a message from one of the two parties, with the documents it points to (a patient's
 * attachment is shared with the doctor by sending it), moves the sender's read marker past it and
 * emits `conversation.message_sent` (the unread notice is queued by its subscriber). The caller
 * delivers it live after commit.
 */
export async function sendMessage(
  services: UnitServices,
  viewer: Viewer,
  conversationId: string,
  body: SendMessageBody,
  now: Date,
): Promise<{ message: Message; recipientId: string }> {
  const { db } = services;
  const conversation = await conversationFor(db, viewer, conversationId);
  if (!can(viewer, 'write', conversation)) throw notFound('Conversation');
  if (conversation.status === 'closed') throw localizedError('conflict', 'care.errors.closed');
  await checkRate(db, viewer.id, now);
  const documentIds = await attachableDocuments(db, viewer, conversation.patientId, body.documentIds ?? [], now);
  const fromPatient = viewer.id === conversation.patientId;
  const recipientId = fromPatient ? conversation.doctorUserId : conversation.patientId;
  return inUnit(services, now, async (unit) => {
    const { tx } = unit;
    const [row] = await tx
      .insert(messages)
      .values({ conversationId, senderId: viewer.id, body: body.body, documentIds, createdAt: now })
      .returning();
    if (fromPatient && documentIds.length > 0) {
      await tx
        .insert(documentShares)
        .values(documentIds.map((documentId) => ({ documentId, doctorId: conversation.doctorId, createdAt: now })))
        .onConflictDoNothing();
    }
    const marker = fromPatient ? conversations.patientReadId : conversations.doctorReadId;
    await tx
      .update(conversations)
      .set({
        lastMessageAt: now,
        [fromPatient ? 'patientReadId' : 'doctorReadId']: sql`greatest(${marker}, ${row.id})`,
      })
      .where(eq(conversations.id, conversationId));
    await unit.emit('conversation.message_sent', { message: row, conversationId, recipientId });
    return { message: presentMessage(row), recipientId };
  });
}

/** The viewer has seen every message so far: their marker moves to the newest one. */
export async function markRead(db: Db, viewer: Viewer, conversationId: string) {
  const conversation = await conversationFor(db, viewer, conversationId);
  const latest = await latestMessageId(db, conversationId);
  const asPatient = viewer.id === conversation.patientId;
  const marker = asPatient ? conversations.patientReadId : conversations.doctorReadId;
  await db
    .update(conversations)
    .set({ [asPatient ? 'patientReadId' : 'doctorReadId']: sql`greatest(${marker}, ${latest})` })
    .where(eq(conversations.id, conversationId));
  return (await presented(db, viewer, conversationId)).unreadCount;
}

/** The doctor closes the conversation: nobody writes until it is reopened. */
export async function closeConversation(db: Db, viewer: Viewer, conversationId: string, now: Date) {
  const conversation = await conversationFor(db, viewer, conversationId);
  if (!can(viewer, 'close', conversation)) throw forbidden();
  if (conversation.status === 'open') {
    await db
      .update(conversations)
      .set({ status: 'closed', closedAt: now })
      .where(and(eq(conversations.id, conversationId), eq(conversations.status, 'open')));
  }
  return presented(db, viewer, conversationId);
}

/** The doctor reopens it at any time; the patient with a visit booked since it was closed. */
export async function reopenConversation(db: Db, viewer: Viewer, conversationId: string) {
  const conversation = await conversationFor(db, viewer, conversationId);
  if (conversation.status === 'closed') {
    const allowed = can(viewer, 'close', conversation) || (await newVisitSince(db, conversation));
    if (!allowed) throw localizedError('conflict', 'care.errors.closed');
    await reopen(db, conversationId);
  }
  return presented(db, viewer, conversationId);
}

async function ownDoctorId(db: Db, viewer: Viewer) {
  const [own] = await db.select({ id: doctors.id }).from(doctors).where(doctorsOwnedBy(viewer));
  if (!own) throw notFound('Doctor profile');
  return own.id;
}

export async function readReplyPromise(db: Db, viewer: Viewer): Promise<ReplyPromise> {
  const doctorId = await ownDoctorId(db, viewer);
  const [row] = await db.select().from(doctorReplyPromises).where(eq(doctorReplyPromises.doctorId, doctorId));
  return { replyWithinDays: row?.replyWithinDays ?? null };
}

export async function setReplyPromise(db: Db, viewer: Viewer, body: ReplyPromise, now: Date): Promise<ReplyPromise> {
  const doctorId = await ownDoctorId(db, viewer);
  if (body.replyWithinDays === null) {
    await db.delete(doctorReplyPromises).where(eq(doctorReplyPromises.doctorId, doctorId));
  } else {
    await db
      .insert(doctorReplyPromises)
      .values({ doctorId, replyWithinDays: body.replyWithinDays, updatedAt: now })
      .onConflictDoUpdate({
        target: doctorReplyPromises.doctorId,
        set: { replyWithinDays: body.replyWithinDays, updatedAt: now },
      });
  }
  return { replyWithinDays: body.replyWithinDays };
}

/** The unread total across the viewer's conversations (the navigation badge). */
export async function unreadTotal(db: Db, viewer: Viewer) {
  const list = await listConversations(db, viewer);
  return { unread: list.reduce((sum, c) => sum + c.unreadCount, 0) };
}
