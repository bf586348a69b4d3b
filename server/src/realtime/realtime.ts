import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { messagesByIds } from '../modules/consultations/chat';
import { createBus, type BusEvent } from './bus';
import { chatMessageEvent } from './events';
import { createChatWriter, type ChatWriter } from './chat-writer';
import { Hub } from './hub';

/** Server pings every few seconds; a socket that missed one pong is dropped (dead within 10 s). */
export const PING_INTERVAL_MS = 4_000;
export const SHUTDOWN_CLOSE_CODE = 1001;

export type Realtime = { hub: Hub; chat: ChatWriter; close: () => Promise<void> };

export async function createRealtime(database: Database, log: FastifyBaseLogger): Promise<Realtime> {
  const hub = new Hub();
  // Chat announcements carry ids; the rows are read here, in order, before reaching the sockets.
  let chatReads = Promise.resolve();
  const onBusEvent = (event: BusEvent) => {
    if (event.t !== 'chat') return hub.onBusEvent(event);
    chatReads = chatReads
      .then(async () => {
        if (!hub.hasRoom(event.consultationId)) return;
        for (const message of await messagesByIds(database.db, event.consultationId, event.messageIds)) {
          hub.deliverLocal(event.consultationId, chatMessageEvent(event.consultationId, message));
        }
      })
      .catch((err) => log.error({ category: 'realtime', err }, 'announced messages unreadable'));
  };
  const bus = await createBus(database, onBusEvent, log);
  hub.bus = bus;
  const chat = createChatWriter(database.db, bus.crossInstance ? bus : null, log);
  const heartbeat = setInterval(() => {
    for (const client of hub.clients) {
      if (!client.alive) {
        client.socket.terminate(); // its 'close' handler leaves the rooms
        continue;
      }
      client.alive = false;
      // ping() throws on a socket that is already closing; its 'close' handler cleans up.
      if (client.socket.readyState === client.socket.OPEN) client.socket.ping();
    }
  }, PING_INTERVAL_MS);
  heartbeat.unref();

  return {
    hub,
    chat,
    close: async () => {
      clearInterval(heartbeat);
      // Clients reconnect on 1001 (possibly to another instance) and resume by last message id.
      for (const client of hub.clients) client.socket.close(SHUTDOWN_CLOSE_CODE, 'Server shutting down');
      await hub.bus?.close();
      hub.bus = null;
    },
  };
}

/**
 * @fastify/websocket's preClose: close every socket with 1001 ("going away") rather than no code,
 * so clients know to reconnect (to this or another instance) and resume.
 */
export function closeSocketsOnShutdown(this: FastifyInstance, done: () => void): void {
  for (const client of this.websocketServer.clients) client.close(SHUTDOWN_CLOSE_CODE, 'Server shutting down');
  this.websocketServer.close(() => done());
}
