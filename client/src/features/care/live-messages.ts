import { useEffect, useRef } from 'react';
import { SESSION_ENDED_CLOSE_CODE } from '@common/schemas/realtime';
import type { Message } from '@common/schemas/conversations';
import { liveFrameSchema } from './api';

const socketUrl = ({ protocol, host }: Location) => `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/ws`;
/** Exponential with jitter, from half a second to ten, as the consultation socket waits. */
const backoffDelay = (attempt: number) => {
  const ceiling = Math.min(10_000, 500 * 2 ** attempt);
  return Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
};

/**
 * New messages of the viewer's conversations as they are sent (docs/realtime.md): the server sends
 * `conversation_message` to every socket of both accounts, no join needed. Reconnects with backoff,
 * except after the session ended; a message missed while disconnected is in the next page read.
 */
export function useLiveMessages(onMessage: (message: Message) => void) {
  const handler = useRef(onMessage);
  useEffect(() => {
    handler.current = onMessage;
  });
  useEffect(() => {
    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let stopped = false;
    const connect = () => {
      const current = new WebSocket(socketUrl(window.location));
      socket = current;
      current.onopen = () => {
        attempt = 0;
      };
      current.onmessage = (event) => {
        let data: unknown;
        try {
          data = JSON.parse(String(event.data));
        } catch {
          return;
        }
        const frame = liveFrameSchema.safeParse(data);
        if (frame.success) handler.current(frame.data.message);
      };
      current.onclose = (event) => {
        if (stopped || socket !== current || event.code === SESSION_ENDED_CLOSE_CODE) return;
        timer = setTimeout(connect, backoffDelay(attempt++));
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket?.close(1000, 'left the conversation');
    };
  }, []);
}
