import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Peer, ServerMessage } from '@common/schemas/realtime';
import type { Database } from '../db/client';

/**
 * Cross-instance bus over PostgreSQL LISTEN/NOTIFY (docs/decisions/004-postgres-listen-notify-bus.md). Every instance
 * listens on one channel; an event carries its origin so an instance skips its own (it has
 * delivered those locally already). PostgreSQL delivers them through a dedicated connection.
 */
export const BUS_CHANNEL = 'medora_realtime';

/** When and by which socket a user joined a room: the newest socket of a user has the room. */
export type JoinStamp = { at: number; socket: string };

export type BusEvent =
  | { t: 'deliver'; consultationId: string; toUserId?: string; exceptUserId?: string; msg: ServerMessage }
  /** Chat messages stored by another instance: only their ids travel; the listener reads the rows. */
  | { t: 'chat'; consultationId: string; messageIds: number[] }
  /** The appointment was cancelled: every socket leaves the room. */
  | { t: 'close_room'; consultationId: string }
  /** These sessions ended (sign-out elsewhere, password reset): their sockets close now. */
  | { t: 'close_sessions'; sessionIds: string[] }
  | { t: 'join'; consultationId: string; peer: Peer; stamp?: JoinStamp }
  | { t: 'leave'; consultationId: string; peer: Peer }
  /** To every socket of one account, whatever rooms it is in (a conversation message, issue 41). */
  | { t: 'user'; userId: string; msg: ServerMessage };

type Envelope = { o: string; e: BusEvent } | { o: string; c: { id: string; i: number; n: number; d: string } };

// NOTIFY payloads must stay under 8000 bytes; SDP offers can exceed that, so they go in pieces.
// 2,500 UTF-16 units are at most 7,500 bytes of UTF-8.
const MAX_PAYLOAD_CHARS = 2_500;

export type Bus = {
  instanceId: string;
  /** False on the embedded database: one process, nobody else to tell. */
  crossInstance: boolean;
  publish(event: BusEvent): Promise<void>;
  /**
   * One statement that notifies every event (split into pieces where needed), for use inside a
   * transaction so it is delivered only if the transaction commits; null when there is no one to tell.
   */
  notifyStatement(...events: BusEvent[]): SQL | null;
  close(): Promise<void>;
};

export function envelopes(instanceId: string, event: BusEvent): string[] {
  const whole = JSON.stringify({ o: instanceId, e: event } satisfies Envelope);
  if (whole.length <= MAX_PAYLOAD_CHARS) return [whole];
  const id = randomUUID();
  const body = JSON.stringify(event);
  const size = MAX_PAYLOAD_CHARS - 200;
  const n = Math.ceil(body.length / size);
  return Array.from({ length: n }, (_, i) =>
    JSON.stringify({ o: instanceId, c: { id, i, n, d: body.slice(i * size, (i + 1) * size) } } satisfies Envelope),
  );
}

/** Reassembles chunked events; forgets incomplete ones after a while. */
function createReceiver(instanceId: string, onEvent: (event: BusEvent) => void, log: FastifyBaseLogger) {
  const partial = new Map<string, { parts: string[]; got: number; at: number }>();
  return (payload: string) => {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload) as Envelope;
    } catch {
      log.warn({ category: 'realtime' }, 'unreadable bus payload');
      return;
    }
    if (envelope.o === instanceId) return;
    if ('e' in envelope) return onEvent(envelope.e);
    const { id, i, n, d } = envelope.c;
    const entry = partial.get(id) ?? { parts: new Array<string>(n), got: 0, at: Date.now() };
    if (entry.parts[i] === undefined) entry.got++;
    entry.parts[i] = d;
    partial.set(id, entry);
    if (entry.got === n) {
      partial.delete(id);
      onEvent(JSON.parse(entry.parts.join('')) as BusEvent);
    }
    for (const [key, value] of partial) if (Date.now() - value.at > 30_000) partial.delete(key);
  };
}

export async function createBus(
  database: Database,
  onEvent: (event: BusEvent) => void,
  log: FastifyBaseLogger,
  /** Listening again after the connection was lost: events sent meanwhile never arrived. */
  onResume: () => void = () => {},
): Promise<Bus> {
  const instanceId = randomUUID();
  const statement = (payload: string) => sql`select pg_notify(${BUS_CHANNEL}, ${payload})`;
  if (database.driver === 'pglite') {
    // An embedded database belongs to one process, so there is no other instance to tell: skip
    // the round trips. (PGlite's in-process LISTEN would only ever hand us our own events.)
    return {
      instanceId,
      crossInstance: false,
      notifyStatement: () => null,
      publish: async () => {},
      close: async () => {},
    };
  }
  const receive = createReceiver(instanceId, onEvent, log);
  const stopListening = await listenWithPool(database.pool!, receive, log, onResume);
  return {
    instanceId,
    crossInstance: true,
    notifyStatement: (...events) => {
      const payloads = events.flatMap((event) => envelopes(instanceId, event));
      if (payloads.length === 0) return null;
      return sql`select pg_notify(${BUS_CHANNEL}, p) from json_array_elements_text(${JSON.stringify(payloads)}::json) as p`;
    },
    publish: async (event) => {
      for (const payload of envelopes(instanceId, event)) await database.db.execute(statement(payload));
    },
    close: async () => {
      await stopListening();
    },
  };
}

/** A connection of its own that stays in LISTEN; reconnects if PostgreSQL drops it. */
async function listenWithPool(
  pool: pg.Pool,
  receive: (payload: string) => void,
  log: FastifyBaseLogger,
  onResume: () => void,
) {
  let client: pg.PoolClient | null = null;
  let closed = false;
  let lost = false;
  let retry: NodeJS.Timeout | undefined;
  let detach: (c: pg.PoolClient) => void = () => {};

  const connect = async (): Promise<void> => {
    let c: pg.PoolClient;
    try {
      c = await pool.connect();
    } catch (err) {
      log.error({ category: 'realtime', err }, 'bus cannot listen; retrying');
      lost = true;
      if (!closed) retry = setTimeout(() => void connect(), 1000);
      return;
    }
    // The connection's error event and a failed LISTEN can both report one loss: handle it once.
    let given = false;
    const giveUp = (err: Error) => {
      if (given) return;
      given = true;
      log.error({ category: 'realtime', err }, 'bus connection lost; reconnecting');
      lost = true;
      detach(c);
      c.release(err);
      if (!closed) retry = setTimeout(() => void connect(), 1000);
    };
    const onNotification = (n: pg.Notification) => n.channel === BUS_CHANNEL && n.payload && receive(n.payload);
    // Handlers must leave with the client: a released client goes back to the pool and may
    // error later on someone else's watch.
    detach = (x) => {
      x.off('notification', onNotification);
      x.off('error', giveUp);
      if (client === x) client = null;
    };
    c.on('notification', onNotification);
    c.on('error', giveUp);
    try {
      await c.query(`listen ${BUS_CHANNEL}`);
    } catch (err) {
      return giveUp(err as Error);
    }
    client = c;
    if (lost) {
      lost = false;
      log.warn({ category: 'realtime' }, 'bus listening again');
      onResume();
    }
  };
  await connect();
  return async () => {
    closed = true;
    clearTimeout(retry);
    const c = client;
    client = null;
    if (c) {
      await c.query(`unlisten ${BUS_CHANNEL}`).catch(() => {});
      detach(c);
      c.release();
    }
  };
}
