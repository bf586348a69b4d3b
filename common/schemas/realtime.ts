import { z } from 'zod';
import { CONSULTATION_ROLES } from '../constants/consultation-types';
import { CHAT_MESSAGE_MAX_LENGTH, chatMessageSchema, consultationStatusSchema } from './consultations';
import { messageSchema } from './conversations';
import { protocolText, safeString, text } from './text';

/**
 * The /ws protocol (docs/realtime.md). Every frame is JSON `{ type, ... }`; both directions are
 * discriminated unions so the server parses each client frame once and the client gets types.
 */
const consultationId = z.uuid({ error: 'consultationId must be a UUID' });
/** One peer-connection attempt of the caller; a new one means "start over". */
const session = safeString('session', 64).min(1, 'session is required');
const sdp = protocolText('sdp', 32_000, 1);

const iceCandidateSchema = z
  .object({
    candidate: safeString('candidate', 2_000),
    sdpMid: safeString('sdpMid', 64).nullable().optional(),
    sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
    usernameFragment: safeString('usernameFragment', 256).nullable().optional(),
  })
  .nullable();

/** How well media reaches one side, from its own getStats() (docs/call-quality.md). */
export const CALL_QUALITY_LEVELS = ['good', 'weak', 'poor'] as const;
export type CallQualityLevel = (typeof CALL_QUALITY_LEVELS)[number];
const callQualityLevel = z.enum(CALL_QUALITY_LEVELS);

const mediaState = {
  video: z.boolean(),
  audio: z.boolean(),
  /** This side switched the call to voice only: it sends no video and wants none. */
  voiceOnly: z.boolean().optional(),
  /** The video this side sends is its screen, not its camera. */
  screen: z.boolean().optional(),
};

export const clientMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('join_consultation'),
    consultationId,
    // Older clients send these; the server trusts only the session, so they are ignored.
    userId: safeString('userId', 200).optional(),
    userName: safeString('userName', 200).optional(),
    /** Resume: the server replays stored messages after this id (0 = everything). */
    lastMessageId: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  }),
  z.object({ type: z.literal('leave_consultation'), consultationId }),
  z.object({
    type: z.literal('send_message'),
    consultationId,
    message: text('Message', {
      max: CHAT_MESSAGE_MAX_LENGTH,
      min: 1,
      multiline: true,
      required: 'Message is empty',
      tooLong: `Message is longer than ${CHAT_MESSAGE_MAX_LENGTH} characters`,
    }),
    clientMessageId: z.uuid().optional(),
  }),
  z.object({ type: z.literal('webrtc_offer'), consultationId, session, sdp }),
  z.object({ type: z.literal('webrtc_answer'), consultationId, session, sdp }),
  z.object({ type: z.literal('webrtc_ice'), consultationId, session, candidate: iceCandidateSchema }),
  z.object({ type: z.literal('media_state'), consultationId, ...mediaState }),
  z.object({ type: z.literal('call_quality'), consultationId, level: callQualityLevel }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;
export type SignalMessage = Extract<
  ClientMessage,
  { type: 'webrtc_offer' | 'webrtc_answer' | 'webrtc_ice' | 'media_state' | 'call_quality' }
>;

export const peerSchema = z.object({
  userId: z.uuid(),
  name: z.string(),
  role: z.enum(CONSULTATION_ROLES),
});
export type Peer = z.infer<typeof peerSchema>;

/** Close code of a socket whose session ended (sign-out, deactivation, age): sign in again, do not reconnect. */
export const SESSION_ENDED_CLOSE_CODE = 4401;

/**
 * Close code of a socket whose user opened the same room elsewhere (another tab or device): the
 * newest socket has the room; the older one does not reconnect unless its user asks to.
 */
export const ROOM_TAKEN_OVER_CLOSE_CODE = 4409;

export const REALTIME_ERROR_CODES = [
  'bad_message',
  'not_found',
  'not_joined',
  'ended',
  'rate_limited',
  'unavailable',
] as const;

const from = z.uuid();
export const serverMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('joined'),
    consultationId,
    status: consultationStatusSchema,
    you: peerSchema,
    /** The other participant when already in the room (any instance). */
    peers: z.array(peerSchema),
  }),
  z.object({ type: z.literal('history'), consultationId, messages: z.array(chatMessageSchema) }),
  chatMessageSchema.extend({ type: z.literal('message'), consultationId }),
  z.object({ type: z.literal('consultation_started'), consultationId, startedAt: z.string() }),
  /** A message in one of the account's conversations between visits (issue 41), sent to every socket of the account. */
  z.object({ type: z.literal('conversation_message'), message: messageSchema }),
  z.object({ type: z.literal('consultation_ended'), consultationId, endedAt: z.string() }),
  z.object({ type: z.literal('peer_joined'), consultationId, peer: peerSchema }),
  z.object({ type: z.literal('peer_left'), consultationId, userId: z.uuid() }),
  /** This socket's user opened the room on another socket; this one is closed with 4409 next. */
  z.object({ type: z.literal('replaced'), consultationId }),
  z.object({ type: z.literal('webrtc_offer'), consultationId, from, session, sdp }),
  z.object({ type: z.literal('webrtc_answer'), consultationId, from, session, sdp }),
  z.object({ type: z.literal('webrtc_ice'), consultationId, from, session, candidate: iceCandidateSchema }),
  z.object({ type: z.literal('media_state'), consultationId, from, ...mediaState }),
  z.object({ type: z.literal('call_quality'), consultationId, from, level: callQualityLevel }),
  z.object({
    type: z.literal('error'),
    code: z.enum(REALTIME_ERROR_CODES),
    message: z.string(),
    consultationId: z.string().optional(),
    clientMessageId: z.string().optional(),
  }),
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;
export type ServerMessageOf<T extends ServerMessage['type']> = Extract<ServerMessage, { type: T }>;
