import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { messagesForDelivery } from '../policies/consultation';
import { createBus, type BusEvent } from './bus';
import { chatMessageEvent } from './events';
import { createChatWriter, type ChatWriter } from './chat-writer';
import { Hub, type Client } from './hub';
import type { Clock } from '../core/clock';
import { liveSessionIds, type SessionLimits } from '../http/session';

/** Server pings every few seconds; a socket that missed one pong is dropped (dead within 10 s). */
export const PING_INTERVAL_MS = 4_000;
export const SHUTDOWN_CLOSE_CODE = 1001;
/** "Service restart": the bus missed events; the client reconnects at once and resumes. */
export const CATCH_UP_CLOSE_CODE = 1012;

/** A socket's session is re-read at most this often when it sends a frame (and at every heartbeat). */
export const SESSION_RECHECK_MS = 5_000;

export type Realtime = {
  hub: Hub;
  chat: ChatWriter;
  /** False (and the socket closed) when the socket's session has ended since it was last checked. */
  sessionStillValid: (client: Client) => Promise<boolean>;
  close: () => Promise<void>;
};

type SessionOptions = { sessionLimits: SessionLimits; clock: Clock };

export async function createRealtime(
  database: Database,
  log: FastifyBaseLogger,
  { sessionLimits, clock }: SessionOptions,
): Promise<Realtime> {
  const hub = new Hub();
  // Chat announcements carry ids; the rows are read here, in order, before reaching the sockets.
  let chatReads = Promise.resolve();
  const onBusEvent = (event: BusEvent) => {
    if (event.t !== 'chat') return hub.onBusEvent(event);
    chatReads = chatReads
      .then(async () => {
        if (!hub.hasRoom(event.consultationId)) return;
        for (const message of await messagesForDelivery(database.db, event.consultationId, event.messageIds)) {
          hub.deliverLocal(event.consultationId, chatMessageEvent(event.consultationId, message));
        }
      })
      .catch((err) => log.error({ category: 'realtime', err }, 'announced messages unreadable'));
  };
  // Whatever other instances announced while the bus was deaf is lost: every local socket is asked
  // to reconnect, and its rejoin (with its last message id) reads what it missed.
  const catchUp = () => {
    for (const client of hub.clients) client.socket.close(CATCH_UP_CLOSE_CODE, 'Reconnect to catch up');
  };
  const bus = await createBus(database, onBusEvent, log, catchUp);
  hub.bus = bus;
  const chat = createChatWriter(database.db, bus.crossInstance ? bus : null, log);
  // Sessions end by sign-out, deactivation or age; the heartbeat re-reads every socket's session in
  // one query so no socket outlives its session by more than an interval, on any instance.
  const checkSessions = async (clients: Client[]) => {
    const now = clock.now();
    const live = await liveSessionIds(database.db, [...new Set(clients.map((c) => c.sessionId))], sessionLimits, now);
    hub.closeSessions(clients.filter((c) => !live.has(c.sessionId)).map((c) => c.sessionId));
    for (const client of clients) if (live.has(client.sessionId)) client.sessionCheckedAt = now.getTime();
    return live;
  };
  const sessionStillValid = async (client: Client) => {
    if (clock.now().getTime() - client.sessionCheckedAt < SESSION_RECHECK_MS) return true;
    return (await checkSessions([client])).has(client.sessionId);
  };
  const heartbeat = setInterval(() => {
    if (hub.clients.size > 0) {
      checkSessions([...hub.clients]).catch((err) => log.error({ category: 'realtime', err }, 'session sweep failed'));
    }
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
    sessionStillValid,
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
