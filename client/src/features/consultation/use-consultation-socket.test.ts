// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@common/schemas/consultations';
import type { ServerMessage } from '@common/schemas/realtime';
import { useConsultationSocket } from './use-consultation-socket';

const ID = '00000000-0000-4000-8000-000000000021';
const ME = { userId: '00000000-0000-4000-8000-000000000022', name: 'Pat Patient', role: 'patient' as const };

let sockets: FakeSocket[] = [];
class FakeSocket {
  static OPEN = 1;
  readyState = 0;
  sent: { type: string; clientMessageId?: string; message?: string }[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor() {
    sockets.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.drop();
  }
  receive(msg: ServerMessage) {
    this.onmessage?.({ data: JSON.stringify(msg) });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({ code: 1006 });
  }
  /** Opens, joins and replays `history`, as the server does on every (re)join. */
  join(history: ChatMessage[] = []) {
    this.readyState = 1;
    this.onopen?.();
    this.receive({ type: 'joined', consultationId: ID, status: 'active', you: ME, peers: [] });
    this.receive({ type: 'history', consultationId: ID, messages: history });
  }
  chatSends() {
    return this.sent.filter((m) => m.type === 'send_message');
  }
}

const stored = (messageId: number, message: string, clientMessageId: string): ChatMessage => ({
  messageId,
  senderId: ME.userId,
  senderName: ME.name,
  message,
  timestamp: '2026-11-26T06:00:00.000Z',
  clientMessageId,
});

describe('the room chat while the socket reconnects', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    sockets = [];
    vi.stubGlobal('WebSocket', FakeSocket);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('queues a message sent while disconnected, delivers it on rejoin once, and never again after', async () => {
    const { result, unmount } = renderHook(() => useConsultationSocket(ID, { onStarted() {}, onEnded() {} }));
    act(() => sockets[0].join());
    expect(result.current.status).toBe('connected');

    act(() => sockets[0].drop());
    expect(result.current.status).toBe('disconnected');
    let accepted = false;
    act(() => {
      accepted = result.current.sendChat('Are you still there?');
    });
    expect(accepted).toBe(true);
    expect(result.current.chat.pending.map((p) => p.message)).toEqual(['Are you still there?']);
    expect(sockets[0].chatSends()).toEqual([]);

    await act(() => vi.advanceTimersByTimeAsync(10_000)); // the reconnect backoff
    expect(sockets).toHaveLength(2);
    act(() => sockets[1].join());
    const [resent] = sockets[1].chatSends();
    expect(sockets[1].chatSends()).toHaveLength(1);
    expect(resent).toMatchObject({ message: 'Are you still there?' });

    // The server stores it and echoes it: one message, nothing pending.
    act(() =>
      sockets[1].receive({
        type: 'message',
        consultationId: ID,
        ...stored(7, resent.message!, resent.clientMessageId!),
      }),
    );
    expect(result.current.chat.messages.map((m) => m.message)).toEqual(['Are you still there?']);
    expect(result.current.chat.pending).toEqual([]);

    // Another drop: the replay holds it, so nothing is sent again and it is shown once.
    act(() => sockets[1].drop());
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    act(() => sockets[2].join([stored(7, resent.message!, resent.clientMessageId!)]));
    expect(sockets[2].chatSends()).toEqual([]);
    expect(result.current.chat.messages).toHaveLength(1);
    unmount();
  });

  it('sends again a message whose echo was lost with the socket, under the same id', async () => {
    const { result, unmount } = renderHook(() => useConsultationSocket(ID, { onStarted() {}, onEnded() {} }));
    act(() => sockets[0].join());
    act(() => void result.current.sendChat('First'));
    const [first] = sockets[0].chatSends();
    act(() => sockets[0].drop());
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    // The server never stored it (the drop came first): it goes out again with the same id.
    act(() => sockets[1].join());
    expect(sockets[1].chatSends()).toEqual([first]);
    unmount();
  });
});
