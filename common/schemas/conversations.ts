import { z } from 'zod';
import {
  CONVERSATION_STATUSES,
  MESSAGE_MAX_DOCUMENTS,
  MESSAGE_MAX_LENGTH,
  REPLY_WITHIN_DAYS_MAX,
} from '../constants/care';
import { text } from './text';

/** A patient opens one with a doctor (`doctorId`), a doctor with a patient (`patientId`). */
export const openConversationBodySchema = z.union([
  z.object({ doctorId: z.uuid({ error: 'doctorId must be a UUID' }) }).strict(),
  z.object({ patientId: z.uuid({ error: 'patientId must be a UUID' }) }).strict(),
]);
export type OpenConversationBody = z.infer<typeof openConversationBodySchema>;

export const conversationIdParamsSchema = z.object({ id: z.uuid({ error: 'Conversation id must be a UUID' }) });

const party = z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() });

export const conversationSchema = z.object({
  id: z.uuid(),
  status: z.enum(CONVERSATION_STATUSES),
  /** The patient's account and the doctor (its doctor id and account names). */
  patient: party,
  doctor: party.extend({ doctorId: z.uuid(), specialty: z.string().nullable() }),
  /** "Usually answers within N working days", when the doctor has said so. */
  replyWithinDays: z.number().int().nullable(),
  lastMessageAt: z.string().nullable(),
  unreadCount: z.number().int(),
  closedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Conversation = z.infer<typeof conversationSchema>;
export const conversationListSchema = z.array(conversationSchema);

export const messageSchema = z.object({
  id: z.number().int(),
  conversationId: z.uuid(),
  senderId: z.uuid(),
  body: z.string(),
  documentIds: z.array(z.uuid()),
  createdAt: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

export const messagePageSchema = z.object({
  /** Oldest first. */
  messages: z.array(messageSchema),
  /** Pass as `before` for the page before this one; null at the start of the conversation. */
  nextBefore: z.number().int().nullable(),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

export const messagePageQuerySchema = z.object({
  before: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
});

export const sendMessageBodySchema = z.object({
  body: text('Message', {
    max: MESSAGE_MAX_LENGTH,
    min: 1,
    multiline: true,
  }),
  documentIds: z.array(z.uuid()).max(MESSAGE_MAX_DOCUMENTS).optional(),
});
export type SendMessageBody = z.infer<typeof sendMessageBodySchema>;

export const readMarkerSchema = z.object({ unreadCount: z.number().int() });

/** The doctor's reply-time promise; null takes it away. */
export const replyPromiseSchema = z.object({
  replyWithinDays: z.number().int().min(1).max(REPLY_WITHIN_DAYS_MAX).nullable(),
});
export type ReplyPromise = z.infer<typeof replyPromiseSchema>;

/** The unread total across the viewer's conversations, for the navigation badge. */
export const unreadTotalSchema = z.object({ unread: z.number().int() });
