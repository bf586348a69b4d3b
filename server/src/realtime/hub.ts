import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import {
  ROOM_TAKEN_OVER_CLOSE_CODE,
  SESSION_ENDED_CLOSE_CODE,
  type Peer,
  type ServerMessage,
} from '@common/schemas/realtime';
import type { SessionUser } from '../core/session-user';
import type { Bus, BusEvent, JoinStamp } from './bus';
import { joinedBefore } from './join-order';
import { createTokenBucket, type TokenBucket } from './rate-limit';

export type Client = {
  /** Breaks ties between joins stamped in the same millisecond on different instances. */
  id: string;
  socket: WebSocket;
  user: SessionUser;
  /** The session (hash of the cookie token) the socket was opened with, re-checked while it lives. */
  sessionId: string;
  /** When the session was last found valid (ms since epoch). */
  sessionCheckedAt: number;
  /** Consultations this socket joined, with who the user is in each. */
  rooms: Map<string, Peer>;
  /** When this socket joined each room: the newest socket of a user has the room. */
  joinedAt: Map<string, JoinStamp>;
  /** The open presence row of each room this socket is in. */
  presence: Map<string, string>;
  alive: boolean;
  frames: TokenBucket;
  chat: TokenBucket;
  /** Call-quality reports: one per stats tick (2 s) is plenty; more is dropped unanswered. */
  quality: TokenBucket;
};

type Filter = { toUserId?: string; exceptUserId?: string };

/**
 * The sockets of this instance, by consultation. Local delivery is direct; the bus carries the
 * same events to the other instances, which deliver them to their own sockets.
 */
export class Hub {
  readonly clients = new Set<Client>();
  private readonly rooms = new Map<string, Set<Client>>();
  bus: Bus | null = null;

  addClient(socket: WebSocket, user: SessionUser, sessionId: string, now = Date.now()): Client {
    const client: Client = {
      id: randomUUID(),
      socket,
      user,
      sessionId,
      sessionCheckedAt: now,
      rooms: new Map(),
      joinedAt: new Map(),
      presence: new Map(),
      alive: true,
      // Frames of any kind (ICE candidates come in bursts), and chat messages on their own.
      frames: createTokenBucket({ capacity: 120, perSecond: 40 }),
      chat: createTokenBucket({ capacity: 10, perSecond: 2 }),
      quality: createTokenBucket({ capacity: 3, perSecond: 1 }),
    };
    this.clients.add(client);
    return client;
  }

  send(client: Client, msg: ServerMessage): void {
    if (client.socket.readyState === client.socket.OPEN) client.socket.send(JSON.stringify(msg));
  }

  deliverLocal(consultationId: string, msg: ServerMessage, filter: Filter = {}): void {
    const room = this.rooms.get(consultationId);
    if (!room) return;
    const frame = JSON.stringify(msg);
    for (const client of room) {
      if (filter.toUserId && client.user.id !== filter.toUserId) continue;
      if (filter.exceptUserId && client.user.id === filter.exceptUserId) continue;
      if (client.socket.readyState === client.socket.OPEN) client.socket.send(frame);
    }
  }

  /** Every local socket of one account, in a room or not. */
  deliverToUserLocal(userId: string, msg: ServerMessage): void {
    const frame = JSON.stringify(msg);
    for (const client of this.clients) {
      if (client.user.id === userId && client.socket.readyState === client.socket.OPEN) client.socket.send(frame);
    }
  }

  /** Every socket of one account: local ones now, other instances through the bus. */
  async publishToUser(userId: string, msg: ServerMessage): Promise<void> {
    this.deliverToUserLocal(userId, msg);
    await this.bus?.publish({ t: 'user', userId, msg });
  }

  /** Local sockets now, other instances through the bus. */
  async publish(consultationId: string, msg: ServerMessage, filter: Filter = {}): Promise<void> {
    this.deliverLocal(consultationId, msg, filter);
    await this.bus?.publish({ t: 'deliver', consultationId, msg, ...filter });
  }

  hasRoom(consultationId: string): boolean {
    return this.rooms.has(consultationId);
  }

  /** Peers of the room on this instance other than `userId`. */
  localPeers(consultationId: string, userId: string): Peer[] {
    const peers = new Map<string, Peer>();
    for (const client of this.rooms.get(consultationId) ?? []) {
      const peer = client.rooms.get(consultationId);
      if (peer && peer.userId !== userId) peers.set(peer.userId, peer);
    }
    return [...peers.values()];
  }

  private userPresent(consultationId: string, userId: string, except?: Client): boolean {
    for (const client of this.rooms.get(consultationId) ?? []) {
      if (client !== except && client.user.id === userId) return true;
    }
    return false;
  }

  /**
   * The newest socket of a user has the room (docs/decisions/029-room-takeover.md): an older one of
   * the same user, here or on another instance, is told `replaced` and closed, without a
   * `peer_left`. The other participant gets `peer_joined` for every new socket, which makes the
   * doctor's side call afresh.
   */
  async join(client: Client, consultationId: string, peer: Peer): Promise<Peer[]> {
    let room = this.rooms.get(consultationId);
    if (!room) this.rooms.set(consultationId, (room = new Set()));
    const rejoin = room.has(client);
    client.rooms.set(consultationId, peer);
    room.add(client);
    if (rejoin) return this.localPeers(consultationId, peer.userId);
    const stamp: JoinStamp = { at: Date.now(), socket: client.id };
    client.joinedAt.set(consultationId, stamp);
    this.replaceOlder(consultationId, peer.userId, stamp, true);
    this.deliverLocal(consultationId, { type: 'peer_joined', consultationId, peer }, { exceptUserId: peer.userId });
    await this.bus?.publish({ t: 'join', consultationId, peer, stamp });
    return this.localPeers(consultationId, peer.userId);
  }

  /**
   * Sockets of `userId` in the room that joined before `stamp` leave it quietly and are closed.
   * Here, every other one is older; for a join on another instance see `joinedBefore`.
   */
  private replaceOlder(consultationId: string, userId: string, stamp: JoinStamp, local = false): void {
    const room = this.rooms.get(consultationId);
    for (const client of [...(room ?? [])]) {
      if (client.user.id !== userId || client.id === stamp.socket) continue;
      if (!local && !joinedBefore(client.joinedAt.get(consultationId), stamp, Date.now())) continue;
      room!.delete(client);
      client.rooms.delete(consultationId);
      client.joinedAt.delete(consultationId);
      this.send(client, { type: 'replaced', consultationId });
      client.socket.close(ROOM_TAKEN_OVER_CLOSE_CODE, 'Opened elsewhere');
    }
    if (room && room.size === 0) this.rooms.delete(consultationId);
  }

  async leave(client: Client, consultationId: string): Promise<void> {
    const peer = client.rooms.get(consultationId);
    if (!peer) return;
    client.rooms.delete(consultationId);
    client.joinedAt.delete(consultationId);
    const room = this.rooms.get(consultationId);
    room?.delete(client);
    if (room && room.size === 0) this.rooms.delete(consultationId);
    if (this.userPresent(consultationId, peer.userId)) return; // another tab of the same user stays
    this.deliverLocal(consultationId, { type: 'peer_left', consultationId, userId: peer.userId });
    await this.bus?.publish({ t: 'leave', consultationId, peer });
  }

  async removeClient(client: Client): Promise<void> {
    this.clients.delete(client);
    for (const consultationId of [...client.rooms.keys()]) await this.leave(client, consultationId);
  }

  /** Closes every local socket of a session that has ended (sign-out, deactivation, expiry). */
  closeSessions(sessionIds: Iterable<string>): void {
    const ended = new Set(sessionIds);
    for (const client of this.clients) {
      if (ended.has(client.sessionId)) client.socket.close(SESSION_ENDED_CLOSE_CODE, 'Session ended');
    }
  }

  /**
   * Sessions ended by a deliberate act: their sockets close now, here and on other instances,
   * rather than at each instance's next session check.
   */
  async endSessions(sessionIds: string[]): Promise<void> {
    if (sessionIds.length === 0) return;
    this.closeSessions(sessionIds);
    await this.bus?.publish({ t: 'close_sessions', sessionIds });
  }

  /** The appointment is gone (cancelled): everyone leaves the room, here and on other instances. */
  async closeRoom(consultationId: string): Promise<void> {
    this.closeRoomLocal(consultationId);
    await this.bus?.publish({ t: 'close_room', consultationId });
  }

  private closeRoomLocal(consultationId: string): void {
    for (const client of [...(this.rooms.get(consultationId) ?? [])]) {
      this.send(client, {
        type: 'error',
        code: 'ended',
        message: 'This appointment was cancelled.',
        consultationId,
      });
      client.rooms.delete(consultationId);
    }
    this.rooms.delete(consultationId);
  }

  /** An event from another instance. */
  onBusEvent = (event: BusEvent): void => {
    if (event.t === 'chat') return; // read from the database by the realtime layer first
    if (event.t === 'close_room') return this.closeRoomLocal(event.consultationId);
    if (event.t === 'close_sessions') return this.closeSessions(event.sessionIds);
    if (event.t === 'user') return this.deliverToUserLocal(event.userId, event.msg);
    if (event.t === 'deliver') {
      this.deliverLocal(event.consultationId, event.msg, event);
      return;
    }
    const { consultationId, peer } = event;
    if (event.t === 'leave') {
      this.deliverLocal(
        consultationId,
        { type: 'peer_left', consultationId, userId: peer.userId },
        { exceptUserId: peer.userId },
      );
      return;
    }
    // Events of instances without stamps (a rolling deploy) replace nothing.
    if (event.stamp) this.replaceOlder(consultationId, peer.userId, event.stamp);
    this.deliverLocal(consultationId, { type: 'peer_joined', consultationId, peer }, { exceptUserId: peer.userId });
    // Tell the newcomer's instance who is already here.
    for (const here of this.localPeers(consultationId, peer.userId)) {
      void this.bus?.publish({
        t: 'deliver',
        consultationId,
        toUserId: peer.userId,
        msg: { type: 'peer_joined', consultationId, peer: here },
      });
    }
  };
}
