import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import type { ChatMessage } from '@common/schemas/consultations';
import type { ServerMessage } from '@common/schemas/realtime';

/**
 * A chat participant that behaves like the browser client under a bad network: it reconnects
 * after every close, rejoins with the highest message id it has, and sends again (same client
 * message id) whatever the replay shows never arrived. It also retries, one at a time, a message
 * the server refused for the moment (rate limit) or did not echo within a second.
 */
export class ChatClient {
  readonly seen = new Map<number, ChatMessage>();
  readonly pending = new Map<string, { message: string; sentAt: number }>();
  readonly sent: string[] = [];
  ws: WebSocket | null = null;
  joined = false;
  stats = { connects: 0, resends: 0, refusals: 0, refusedWith: {} as Record<string, number> };
  /** The `lastMessageId` of each rejoin, to explain a message that never arrived. */
  readonly rejoinedAfter: number[] = [];
  private stopped = false;
  private timer: NodeJS.Timeout;

  constructor(
    private readonly url: string,
    private readonly cookie: string,
    private readonly consultationId: string,
    readonly userId: string,
  ) {
    this.timer = setInterval(() => this.retry(), 500);
  }

  connect(): void {
    if (this.stopped) return;
    this.stats.connects++;
    const ws = new WebSocket(this.url, {
      headers: { cookie: this.cookie, origin: new URL(this.url).origin.replace(/^ws/, 'http') },
    });
    this.ws = ws;
    this.joined = false;
    ws.on('open', () => this.rejoinedAfter.push(this.lastId()));
    ws.on('open', () =>
      ws.send(
        JSON.stringify({
          type: 'join_consultation',
          consultationId: this.consultationId,
          lastMessageId: this.lastId(),
        }),
      ),
    );
    ws.on('message', (raw) => this.handle(JSON.parse(raw.toString()) as ServerMessage));
    ws.on('error', () => undefined); // a close follows
    ws.on('close', () => {
      if (this.ws !== ws) return;
      this.joined = false;
      if (!this.stopped) setTimeout(() => this.connect(), 20 + Math.random() * 80);
    });
  }

  send(message: string): string {
    const clientMessageId = randomUUID();
    this.sent.push(clientMessageId);
    this.pending.set(clientMessageId, { message, sentAt: 0 });
    if (this.joined) this.transmit(clientMessageId);
    return clientMessageId;
  }

  lastId(): number {
    return Math.max(0, ...this.seen.keys());
  }

  /** Client message ids this participant has seen, each with the stored ids it arrived under. */
  storedIdsByClientId(): Map<string, Set<number>> {
    const out = new Map<string, Set<number>>();
    for (const m of this.seen.values()) {
      if (!m.clientMessageId) continue;
      out.set(m.clientMessageId, (out.get(m.clientMessageId) ?? new Set()).add(m.messageId));
    }
    return out;
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
    this.ws?.terminate();
  }

  private handle(frame: ServerMessage) {
    if (frame.type === 'history') {
      for (const m of frame.messages) this.record(m);
      this.joined = true;
      for (const id of this.pending.keys()) this.transmit(id, true);
    } else if (frame.type === 'message') {
      this.record(frame);
    } else if (frame.type === 'error' && frame.clientMessageId && this.pending.has(frame.clientMessageId)) {
      this.stats.refusals++;
      this.stats.refusedWith[frame.code] = (this.stats.refusedWith[frame.code] ?? 0) + 1;
      this.pending.get(frame.clientMessageId)!.sentAt = 0;
    }
  }

  private record(m: ChatMessage) {
    this.seen.set(m.messageId, m);
    if (m.senderId === this.userId && m.clientMessageId) this.pending.delete(m.clientMessageId);
  }

  private transmit(clientMessageId: string, resend = false) {
    const entry = this.pending.get(clientMessageId);
    if (!entry || this.ws?.readyState !== WebSocket.OPEN) return;
    if (resend && entry.sentAt > 0) this.stats.resends++;
    entry.sentAt = Date.now();
    this.ws.send(
      JSON.stringify({
        type: 'send_message',
        consultationId: this.consultationId,
        message: entry.message,
        clientMessageId,
      }),
    );
  }

  /** One overdue message per tick (2/s, the server's chat rate), so retries do not drain the rate limit. */
  private retry() {
    if (!this.joined) return;
    for (const [id, entry] of this.pending) {
      if (Date.now() - entry.sentAt > 1000) return this.transmit(id, true);
    }
  }
}
