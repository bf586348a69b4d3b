import {
  ROOM_TAKEN_OVER_CLOSE_CODE,
  SESSION_ENDED_CLOSE_CODE,
  type ClientMessage,
  type ServerMessage,
} from '@common/schemas/realtime';

/** `replaced`: the room was opened in another tab or device; this one waits until asked to take it back. */
export type SocketStatus = 'connecting' | 'connected' | 'disconnected' | 'replaced';

export type SocketClientOptions = {
  url: string;
  consultationId: string;
  /** Resume point sent with every (re)join, so the server replays only what was missed. */
  lastMessageId: () => number;
  onMessage: (msg: ServerMessage) => void;
  onStatus: (status: SocketStatus) => void;
  createSocket?: (url: string) => WebSocket;
  random?: () => number;
};

const BASE_DELAY_MS = 500;
const MAX_DELAY_MS = 10_000;

/** Delay before reconnect attempt `n` (0-based): exponential with jitter, capped. */
export function backoffDelay(attempt: number, random = Math.random): number {
  const ceiling = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export function socketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

/**
 * One consultation's socket: joins on open, counts as connected once the server says "joined",
 * reconnects with backoff after any close, and rejoins with the last message id it has.
 */
export class ConsultationSocketClient {
  private socket: WebSocket | null = null;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;
  private joined = false;

  constructor(private readonly opts: SocketClientOptions) {}

  /** Also "Use here" after a takeover: joining again takes the room back from the other tab. */
  start(): void {
    this.stopped = false;
    this.attempt = 0;
    clearTimeout(this.timer);
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.socket?.close(1000, 'left the room');
    this.socket = null;
  }

  /** Reconnect now (the browser came back online) instead of waiting for the backoff. */
  reconnectNow(): void {
    if (this.stopped || this.joined) return;
    clearTimeout(this.timer);
    this.socket?.close();
    this.connect();
  }

  get connected(): boolean {
    return this.joined && this.socket?.readyState === WebSocket.OPEN;
  }

  send(msg: ClientMessage): boolean {
    if (!this.connected) return false;
    this.socket!.send(JSON.stringify(msg));
    return true;
  }

  private connect(): void {
    this.joined = false;
    this.opts.onStatus('connecting');
    const socket = (this.opts.createSocket ?? ((url) => new WebSocket(url)))(this.opts.url);
    this.socket = socket;
    socket.onopen = () => {
      socket.send(
        JSON.stringify({
          type: 'join_consultation',
          consultationId: this.opts.consultationId,
          lastMessageId: this.opts.lastMessageId(),
        } satisfies ClientMessage),
      );
    };
    socket.onmessage = (event) => {
      // A socket this client has moved on from (e.g. one replaced by our own reconnect) is ignored.
      if (this.socket !== socket) return;
      let msg: ServerMessage;
      try {
        msg = JSON.parse(String(event.data)) as ServerMessage;
      } catch {
        return;
      }
      if (msg.type === 'replaced') {
        this.replace(socket);
        return;
      }
      if (msg.type === 'joined') {
        this.joined = true;
        this.attempt = 0;
        this.opts.onStatus('connected');
      }
      this.opts.onMessage(msg);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      if (event.code === ROOM_TAKEN_OVER_CLOSE_CODE) return this.replace(socket);
      this.joined = false;
      this.socket = null;
      this.opts.onStatus('disconnected');
      // Signed out or deactivated: reconnecting would only be refused.
      if (event.code === SESSION_ENDED_CLOSE_CODE) this.stopped = true;
      if (this.stopped) return;
      this.timer = setTimeout(() => this.connect(), backoffDelay(this.attempt++, this.opts.random));
    };
    // Errors are followed by close, which schedules the retry.
    socket.onerror = () => {};
  }

  /** Another tab or device of this user has the room now: stay quiet until `start()` again. */
  private replace(socket: WebSocket): void {
    this.stopped = true;
    this.joined = false;
    this.socket = null;
    clearTimeout(this.timer);
    socket.onclose = null;
    socket.onmessage = null;
    socket.close();
    this.opts.onStatus('replaced');
  }
}
