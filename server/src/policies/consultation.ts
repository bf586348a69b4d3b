import { and, asc, eq, gt, gte, inArray, or, sql } from 'drizzle-orm';
import type { ChatMessage } from '@common/schemas/consultations';
import type { Db } from '../db/client';
import { appointments, chatMessages } from '../db/schema';
import { notFound } from '../core/errors';
import { recordRead } from './access-audit';
import { appointmentsBookedBy, appointmentsVisibleTo, sideOf, type AppointmentParties } from './appointment';
import type { Viewer } from './viewer';

/*
 * Consultations and their chat. The room and its conversation belong to the appointment's two
 * participants (the appointment policy's `read`); anyone else is told it does not exist. Reading
 * the conversation (HTTP or the socket's history) is a read of the patient's record, audited as
 * `consultation_messages`.
 */

/** The SQL scope of the rooms the viewer may open: those of appointments they take part in. */
export const consultationsVisibleTo = appointmentsVisibleTo;

/**
 * `join` (open the room, chat, a relay credential, the pre-call result): either participant.
 * `start`: the appointment's doctor only (a patient who asks is told only the doctor starts: 403,
 * since the room is theirs to see). `end`: either participant.
 */
export type ConsultationAction = 'join' | 'start' | 'end';

export function can(viewer: Pick<Viewer, 'id'>, action: ConsultationAction, room: AppointmentParties): boolean {
  const side = sideOf(viewer, room);
  switch (action) {
    case 'join':
    case 'end':
      return side !== null;
    case 'start':
      return side === 'doctor';
  }
}

/** A room as `loadForParticipant` loads it, as the parties `can` and `sideOf` need. */
export const roomParties = (view: { patient: { id: string }; doctor: { userId: string } }): AppointmentParties => ({
  patientId: view.patient.id,
  doctorUserId: view.doctor.userId,
});

/** The viewer's side in a room they were let into (the scope loaded it): doctor or patient. */
export const roomSideOf = (viewer: Pick<Viewer, 'id'>, view: Parameters<typeof roomParties>[0]) =>
  sideOf(viewer, roomParties(view)) === 'doctor' ? ('doctor' as const) : ('patient' as const);

export const HISTORY_LIMIT = 1000;

/**
 * Ids are drawn when a row is inserted, not when it commits, so two writers can commit out of id
 * order: a client may see #7 before #3–#6 are visible. Resuming strictly after the highest id seen
 * would then skip them for ever, so a resume also replays what was stored up to RESUME_OVERLAP
 * before that message; the client keeps one copy by id.
 */
export const RESUME_OVERLAP = '30 seconds';

type Row = typeof chatMessages.$inferSelect;
export const presentMessage = (
  row: Pick<Row, 'id' | 'senderId' | 'senderName' | 'message' | 'createdAt' | 'clientMessageId'>,
): ChatMessage => ({
  messageId: row.id,
  senderId: row.senderId,
  senderName: row.senderName,
  message: row.message,
  timestamp: row.createdAt.toISOString(),
  clientMessageId: row.clientMessageId,
});

/**
 * A consultation's chat after message `after`, oldest first, for one of its participants (404 for
 * anyone else); audited as a read of the patient's conversation.
 */
export async function readChat(
  db: Db,
  viewer: Viewer,
  consultationId: string,
  after: number,
  now: Date,
): Promise<ChatMessage[]> {
  const [room] = await db
    .select({ patientId: appointments.patientId })
    .from(appointments)
    .where(and(eq(appointments.id, consultationId), consultationsVisibleTo(viewer)));
  if (!room) throw notFound('Consultation');
  const resumeFrom =
    after > 0
      ? or(
          gt(chatMessages.id, after),
          gte(
            chatMessages.createdAt,
            sql`(select seen.created_at - interval '${sql.raw(RESUME_OVERLAP)}' from chat_messages seen where seen.id = ${after})`,
          ),
        )
      : undefined;
  const rows = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.consultationId, consultationId), resumeFrom))
    .orderBy(asc(chatMessages.id))
    .limit(HISTORY_LIMIT);
  await recordRead(
    db,
    viewer,
    { patientId: room.patientId, kind: 'consultation_messages', targetId: consultationId },
    now,
  );
  return rows.map(presentMessage);
}

/**
 * Messages by id, in id order, for delivery to the sockets already joined to the room: how another
 * instance reads what a notification announced. The join that let each socket in asked the policy
 * and audited the conversation; a live message is part of that read, so it is not audited again.
 */
export async function messagesForDelivery(db: Db, consultationId: string, ids: number[]): Promise<ChatMessage[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.consultationId, consultationId), inArray(chatMessages.id, ids)))
    .orderBy(asc(chatMessages.id));
  return rows.map(presentMessage);
}

/** Whether the sender already stored this message (its id only, never its text): the writer's duplicate check. */
export async function messageAlreadyStored(
  db: Db,
  key: { consultationId: string; senderId: string; clientMessageId: string },
): Promise<boolean> {
  const existing = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.consultationId, key.consultationId),
        eq(chatMessages.senderId, key.senderId),
        eq(chatMessages.clientMessageId, key.clientMessageId),
      ),
    )
    .limit(1);
  return existing.length > 0;
}

/** The viewer's own conversations (sent by them or in their visits as patient), for their data export. */
export async function ownChatMessages(db: Db, viewer: Viewer) {
  return db
    .select()
    .from(chatMessages)
    .where(
      or(
        eq(chatMessages.senderId, viewer.id),
        inArray(
          chatMessages.consultationId,
          db.select({ id: appointments.id }).from(appointments).where(appointmentsBookedBy(viewer)),
        ),
      ),
    )
    .orderBy(chatMessages.id);
}

/**
 * A consultation room as `open` loads it for the viewer — through `consultationsVisibleTo`
 * (modules/consultations/participant.ts), 404 for anyone else — audited as a read of the patient's
 * appointment: the room shows the visit's reason and the patient.
 */
export async function readRoom<
  T extends { appointment: { id: string }; patient: { id: string }; familyMember?: { id: string } | null },
>(db: Db, viewer: Viewer, now: Date, open: () => Promise<T>): Promise<T> {
  const view = await open();
  await recordRead(
    db,
    viewer,
    { patientId: view.patient.id, kind: 'appointments', targetId: view.appointment.id },
    now,
  );
  if (view.familyMember) {
    await recordRead(
      db,
      viewer,
      { patientId: view.patient.id, kind: 'family_members', targetId: view.familyMember.id },
      now,
    );
  }
  return view;
}
