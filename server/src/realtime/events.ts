import type { ChatMessage } from '@common/schemas/consultations';
import type { ServerMessage } from '@common/schemas/realtime';

/**
 * The server's realtime events, built in one place: the socket that stored a message, the bus
 * that carries it to other instances and the REST routes that start or end a consultation all
 * send exactly these shapes.
 */
export const chatMessageEvent = (consultationId: string, message: ChatMessage): ServerMessage => ({
  type: 'message',
  consultationId,
  ...message,
});

export const consultationStartedEvent = (consultationId: string, startedAt: Date): ServerMessage => ({
  type: 'consultation_started',
  consultationId,
  startedAt: startedAt.toISOString(),
});

export const consultationEndedEvent = (consultationId: string, endedAt: Date): ServerMessage => ({
  type: 'consultation_ended',
  consultationId,
  endedAt: endedAt.toISOString(),
});
