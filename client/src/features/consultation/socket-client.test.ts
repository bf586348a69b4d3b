import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROOM_TAKEN_OVER_CLOSE_CODE, SESSION_ENDED_CLOSE_CODE, type ServerMessage } from '@common/schemas/realtime';
import { backoffDelay, ConsultationSocketClient, socketUrl, type SocketStatus } from './socket-client';

class FakeSocket {
  static OPEN = 1;
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.drop();
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(msg: Partial<ServerMessage>) {
    this.onmessage?.({ data: JSON.stringify(msg) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

const ID = '00000000-0000-4000-8000-000000000009';

describe('consultation socket client', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeSocket);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('uses the page scheme and host', () => {
    expect(socketUrl({ protocol: 'https:', host: 'medora.example' })).toBe('wss://medora.example/ws');
    expect(socketUrl({ protocol: 'http:', host: '127.0.0.1:5000' })).toBe('ws://127.0.0.1:5000/ws');
  });

  it('backs off exponentially with jitter, capped at 10 s', () => {
    expect(backoffDelay(0, () => 0)).toBe(250);
    expect(backoffDelay(0, () => 1)).toBe(500);
    expect(backoffDelay(3, () => 1)).toBe(4000);
    expect(backoffDelay(20, () => 1)).toBe(10_000);
  });

  it('reconnects after a drop and rejoins from the last message id', () => {
    const sockets: FakeSocket[] = [];
    const statuses: SocketStatus[] = [];
    let last = 0;
    const client = new ConsultationSocketClient({
      url: 'ws://x/ws',
      consultationId: ID,
      lastMessageId: () => last,
      onMessage: () => {},
      onStatus: (s) => statuses.push(s),
      createSocket: () => {
        const s = new FakeSocket();
        sockets.push(s);
        return s as unknown as WebSocket;
      },
      random: () => 1,
    });
    client.start();
    sockets[0].open();
    expect(JSON.parse(sockets[0].sent[0])).toEqual({ type: 'join_consultation', consultationId: ID, lastMessageId: 0 });
    expect(client.connected).toBe(false);
    sockets[0].receive({ type: 'joined' });
    expect(client.connected).toBe(true);
    last = 42;
    sockets[0].drop();
    expect(client.send({ type: 'send_message', consultationId: ID, message: 'x' })).toBe(false);
    vi.advanceTimersByTime(499);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    sockets[1].open();
    expect(JSON.parse(sockets[1].sent[0]).lastMessageId).toBe(42);
    sockets[1].receive({ type: 'joined' });
    expect(statuses).toEqual(['connecting', 'connected', 'disconnected', 'connecting', 'connected']);
    client.stop();
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(2);
  });

  it('does not reconnect once the server says the session ended', () => {
    const sockets: FakeSocket[] = [];
    const client = new ConsultationSocketClient({
      url: 'ws://x/ws',
      consultationId: ID,
      lastMessageId: () => 0,
      onMessage: () => {},
      onStatus: () => {},
      createSocket: () => {
        const s = new FakeSocket();
        sockets.push(s);
        return s as unknown as WebSocket;
      },
      random: () => 1,
    });
    client.start();
    sockets[0].open();
    sockets[0].drop(SESSION_ENDED_CLOSE_CODE);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });

  const takeoverClient = (sockets: FakeSocket[], statuses: SocketStatus[]) =>
    new ConsultationSocketClient({
      url: 'ws://x/ws',
      consultationId: ID,
      lastMessageId: () => 7,
      onMessage: () => {},
      onStatus: (s) => statuses.push(s),
      createSocket: () => {
        const s = new FakeSocket();
        sockets.push(s);
        return s as unknown as WebSocket;
      },
      random: () => 1,
    });

  it('stays out of the room once another tab took it over, until asked to take it back', () => {
    const sockets: FakeSocket[] = [];
    const statuses: SocketStatus[] = [];
    const client = takeoverClient(sockets, statuses);
    client.start();
    sockets[0].open();
    sockets[0].receive({ type: 'joined' });
    sockets[0].receive({ type: 'replaced', consultationId: ID });
    expect(statuses.at(-1)).toBe('replaced');
    expect(client.connected).toBe(false);
    sockets[0].drop(ROOM_TAKEN_OVER_CLOSE_CODE);
    client.reconnectNow(); // the browser coming back online does not take the room back
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    expect(statuses.at(-1)).toBe('replaced');

    client.start(); // "Use here"
    sockets[1].open();
    expect(JSON.parse(sockets[1].sent[0])).toEqual({ type: 'join_consultation', consultationId: ID, lastMessageId: 7 });
    sockets[1].receive({ type: 'joined' });
    expect(statuses.slice(-2)).toEqual(['connecting', 'connected']);
    client.stop();
  });

  it('takes the close code alone as a takeover too, and ignores frames of sockets it moved on from', () => {
    const sockets: FakeSocket[] = [];
    const statuses: SocketStatus[] = [];
    const client = takeoverClient(sockets, statuses);
    client.start();
    sockets[0].open();
    sockets[0].drop(); // a network drop: reconnects
    vi.advanceTimersByTime(500);
    sockets[1].open();
    sockets[1].receive({ type: 'joined' });
    // The server replaces the dead socket with our own new one; that old socket's word does not count.
    sockets[0].receive({ type: 'replaced', consultationId: ID });
    expect(statuses.at(-1)).toBe('connected');
    sockets[1].drop(ROOM_TAKEN_OVER_CLOSE_CODE);
    expect(statuses.at(-1)).toBe('replaced');
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(2);
  });
});
