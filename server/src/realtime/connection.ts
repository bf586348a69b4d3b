import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { RawData } from 'ws';
import { clientMessageSchema, type ClientMessage, type ServerMessage } from '@common/schemas/realtime';
import type { Clock } from '../core/clock';
import type { Db } from '../db/client';
import { readChat } from '../policies/consultation';
import { openForParticipant, peerOf } from '../modules/consultations/participant';
import { recordJoin, recordLeave } from '../modules/consultations/presence';
import { chatMessageEvent } from './events';
import type { ChatWriter } from './chat-writer';
import type { Client, Hub } from './hub';

type Ctx = {
  hub: Hub;
  db: Db;
  chat: ChatWriter;
  clock: Clock;
  sessionStillValid: (client: Client) => Promise<boolean>;
  log: FastifyBaseLogger;
  countChatMessage: () => void;
};
type ErrorCode = Extract<ServerMessage, { type: 'error' }>['code'];

const sendError = (
  ctx: Ctx,
  client: Client,
  code: ErrorCode,
  message: string,
  extra: { consultationId?: string; clientMessageId?: string } = {},
) => ctx.hub.send(client, { type: 'error', code, message, ...extra });

function parse(raw: RawData): { ok: true; msg: ClientMessage } | { ok: false; error: string } {
  let json: unknown;
  try {
    json = JSON.parse(raw.toString());
  } catch {
    return { ok: false, error: 'Frames must be JSON.' };
  }
  const parsed = clientMessageSchema.safeParse(json);
  if (parsed.success) return { ok: true, msg: parsed.data };
  return { ok: false, error: parsed.error.issues[0]?.message ?? 'Invalid message.' };
}

/** One socket's frames, handled one at a time so a join finishes before the next frame runs. */
export function handleConnection(ctx: Ctx, client: Client): void {
  let queue = Promise.resolve();
  client.socket.on('message', (raw) => {
    if (!client.frames.take()) {
      sendError(ctx, client, 'rate_limited', 'Too many messages. Slow down.');
      return;
    }
    queue = queue
      .then(() => handleFrame(ctx, client, raw))
      .catch((err) => {
        ctx.log.error({ category: 'realtime', err }, 'socket frame failed');
        sendError(ctx, client, 'unavailable', 'Something went wrong on our side. Please try again.');
      });
  });
  // Protocol errors (an oversized frame, bad UTF-8) close the socket; an unhandled 'error' would crash.
  client.socket.on('error', (err) => ctx.log.warn({ category: 'realtime', err }, 'socket error'));
  client.socket.on('pong', () => {
    client.alive = true;
  });
  // A socket terminated for a missed heartbeat closes too, so its presence ends here as well.
  client.socket.on('close', () => {
    queue = queue
      .then(async () => {
        const open = [...client.presence.values()];
        client.presence.clear();
        try {
          await ctx.hub.removeClient(client);
        } finally {
          await recordLeave(ctx.db, open, ctx.clock.now());
        }
      })
      .catch((err) => ctx.log.warn({ category: 'realtime', err }, 'socket close cleanup failed'));
  });
}

async function handleFrame(ctx: Ctx, client: Client, raw: RawData): Promise<void> {
  // A frame of a socket whose session has ended is dropped; the check closes the socket.
  if (!(await ctx.sessionStillValid(client))) return;
  const parsed = parse(raw);
  if (!parsed.ok) return sendError(ctx, client, 'bad_message', parsed.error);
  const msg = parsed.msg;
  const { consultationId } = msg;

  if (msg.type === 'join_consultation') return join(ctx, client, consultationId, msg.lastMessageId);
  const peer = client.rooms.get(consultationId);
  if (!peer) return sendError(ctx, client, 'not_joined', 'Join the consultation first.', { consultationId });

  switch (msg.type) {
    case 'leave_consultation': {
      const presenceId = client.presence.get(consultationId);
      client.presence.delete(consultationId);
      await ctx.hub.leave(client, consultationId);
      return recordLeave(ctx.db, presenceId ? [presenceId] : [], ctx.clock.now());
    }
    case 'send_message': {
      // Without the client's own id, one of ours: every stored message is then idempotent.
      const clientMessageId = msg.clientMessageId ?? randomUUID();
      if (!client.chat.take()) {
        return sendError(ctx, client, 'rate_limited', 'You are sending messages too quickly.', {
          consultationId,
          clientMessageId,
        });
      }
      const result = await ctx.chat.store({
        consultationId,
        senderId: peer.userId,
        senderName: peer.name,
        message: msg.message,
        clientMessageId,
      });
      if (result.kind === 'ended') {
        return sendError(ctx, client, 'ended', 'This consultation has ended.', { consultationId, clientMessageId });
      }
      // The other instances were notified by the insert itself.
      if (result.kind === 'stored') {
        ctx.countChatMessage();
        ctx.hub.deliverLocal(consultationId, chatMessageEvent(consultationId, result.message));
      }
      return;
    }
    case 'call_quality':
      // A report is superseded by the next one, so an excess one is dropped without an error
      // (an error frame would show the user a "Message not sent" they never wrote).
      if (!client.quality.take()) return;
      return ctx.hub.publish(consultationId, { ...msg, from: peer.userId }, { exceptUserId: peer.userId });
    default:
      // WebRTC signalling and media state go only to the other participant.
      return ctx.hub.publish(consultationId, { ...msg, from: peer.userId }, { exceptUserId: peer.userId });
  }
}

async function join(ctx: Ctx, client: Client, consultationId: string, lastMessageId: number | undefined) {
  if (client.socket.readyState !== client.socket.OPEN) return;
  const view = await openForParticipant(ctx.db, consultationId, client.user.id);
  if (!view || view.appointment.status === 'cancelled')
    return sendError(ctx, client, 'not_found', 'Consultation not found.', { consultationId });
  const you = peerOf(view, client.user.id);
  // A second join on the same socket keeps its open interval rather than starting another.
  if (!client.presence.has(consultationId)) {
    const input = { consultationId, userId: client.user.id, role: you.role };
    client.presence.set(consultationId, await recordJoin(ctx.db, input, ctx.clock.now()));
  }
  // A join still queued on a socket its client has closed must not take the room from that
  // user's newer socket (docs/decisions/029-room-takeover.md); the close handler runs next.
  if (client.socket.readyState !== client.socket.OPEN) return;
  // Register first, then read history: a message stored in between arrives both live and in the
  // history, and the client keeps one copy by id. The other order could lose it.
  const peers = await ctx.hub.join(client, consultationId, you);
  ctx.hub.send(client, { type: 'joined', consultationId, status: view.consultation.status, you, peers });
  // The history is the patient's conversation: the policy checks the reader again and audits it.
  const viewer = { id: client.user.id, role: client.user.userType, requestId: 'socket' };
  const messages = await readChat(ctx.db, viewer, consultationId, lastMessageId ?? 0, ctx.clock.now());
  ctx.hub.send(client, { type: 'history', consultationId, messages });
}
