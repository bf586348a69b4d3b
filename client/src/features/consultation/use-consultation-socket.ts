import { useCallback, useEffect, useRef, useState } from 'react';
import type { ClientMessage, Peer, ServerMessage, ServerMessageOf } from '@common/schemas/realtime';
import { textsFor } from '../../lib/i18n/areas';
import { toast } from '../../ui/toast-store';
import {
  addPending,
  dropPending,
  emptyChat,
  lastMessageId,
  mergeMessages,
  newClientMessageId,
  type ChatState,
} from './chat-state';
import { noPresence, presenceAfter, type PresenceState } from './presence-state';
import { ConsultationSocketClient, socketUrl, type SocketStatus } from './socket-client';

const useT = textsFor('room');

export type SignalFrame = ServerMessageOf<
  'webrtc_offer' | 'webrtc_answer' | 'webrtc_ice' | 'media_state' | 'call_quality'
>;
type SignalMessage = Extract<ClientMessage, { type: SignalFrame['type'] }>;
type SignalInput = SignalMessage extends infer M
  ? M extends SignalMessage
    ? Omit<M, 'consultationId'>
    : never
  : never;

export type ConsultationSocket = {
  status: SocketStatus;
  chat: ChatState;
  /** The other participant, while they are in the room. */
  peer: Peer | null;
  /** Increases whenever the other participant opens the room (a new page, maybe another device). */
  peerArrivals: number;
  /** Increases on every successful (re)join, so media can restart ICE after a reconnect. */
  joinCount: number;
  /** Queues while the socket is reconnecting; false only before the socket exists. */
  sendChat: (text: string) => boolean;
  sendSignal: (signal: SignalInput) => boolean;
  onSignal: (listener: (frame: SignalFrame) => void) => () => void;
  /** "Use here": join again from this tab, taking the room back from the other one. */
  takeBack: () => void;
};

/**
 * The room's socket: chat (with an outbox that survives reconnects), presence, consultation
 * events and signalling frames for the media hook.
 */
export function useConsultationSocket(
  consultationId: string,
  handlers: {
    onStarted: (m: ServerMessageOf<'consultation_started'>) => void;
    onEnded: (m: ServerMessageOf<'consultation_ended'>) => void;
  },
): ConsultationSocket {
  const [status, setStatus] = useState<SocketStatus>('connecting');
  const [chat, setChat] = useState<ChatState>(emptyChat);
  const [presence, setPresence] = useState<PresenceState>(noPresence);
  const [joinCount, setJoinCount] = useState(0);
  const chatRef = useRef(chat);
  chatRef.current = chat;
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  // Read when a message arrives: a language switch must not rebuild the socket.
  const t = useT();
  const tRef = useRef(t);
  tRef.current = t;
  const clientRef = useRef<ConsultationSocketClient | null>(null);
  const signalListeners = useRef(new Set<(frame: SignalFrame) => void>());

  const handleMessage = useCallback(
    (msg: ServerMessage) => {
      switch (msg.type) {
        case 'joined':
          setPresence((state) => presenceAfter(state, msg));
          setJoinCount((n) => n + 1);
          return;
        case 'history': {
          setChat((state) => mergeMessages(state, msg.messages));
          // Whatever is still pending after the replay never reached the server: send it again.
          const stored = new Set(msg.messages.map((m) => m.clientMessageId));
          for (const p of chatRef.current.pending) {
            if (stored.has(p.clientMessageId)) continue;
            clientRef.current?.send({
              type: 'send_message',
              consultationId,
              message: p.message,
              clientMessageId: p.clientMessageId,
            });
          }
          return;
        }
        case 'message':
          setChat((state) => mergeMessages(state, [msg]));
          return;
        case 'peer_joined':
        case 'peer_left':
          setPresence((state) => presenceAfter(state, msg));
          return;
        case 'replaced': // the socket client reports it as its status
          return;
        case 'conversation_message': // between visits (issue 41): the Messages screens' business, not the room's
          return;
        case 'consultation_started':
          return handlersRef.current.onStarted(msg);
        case 'consultation_ended':
          return handlersRef.current.onEnded(msg);
        case 'error':
          if (msg.clientMessageId) setChat((state) => dropPending(state, msg.clientMessageId!));
          if (msg.code !== 'not_joined')
            toast({ title: tRef.current('room.toast.notSent'), description: msg.message, variant: 'destructive' });
          return;
        default:
          for (const listener of signalListeners.current) listener(msg);
      }
    },
    [consultationId],
  );

  useEffect(() => {
    const client = new ConsultationSocketClient({
      url: socketUrl(window.location),
      consultationId,
      lastMessageId: () => lastMessageId(chatRef.current),
      onMessage: handleMessage,
      onStatus: setStatus,
    });
    clientRef.current = client;
    client.start();
    const online = () => client.reconnectNow();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      client.stop();
      clientRef.current = null;
    };
  }, [consultationId, handleMessage]);

  const sendChat = useCallback(
    (text: string) => {
      const client = clientRef.current;
      if (!client) return false;
      const clientMessageId = newClientMessageId();
      setChat((state) => addPending(state, { clientMessageId, message: text }));
      // While the socket reconnects the message waits in the outbox; the rejoin's history decides
      // whether it still needs sending, and the server stores one copy per clientMessageId.
      client.send({ type: 'send_message', consultationId, message: text, clientMessageId });
      return true;
    },
    [consultationId],
  );

  const sendSignal = useCallback(
    (signal: SignalInput) => clientRef.current?.send({ ...signal, consultationId } as ClientMessage) ?? false,
    [consultationId],
  );

  const onSignal = useCallback((listener: (frame: SignalFrame) => void) => {
    signalListeners.current.add(listener);
    return () => void signalListeners.current.delete(listener);
  }, []);

  const takeBack = useCallback(() => clientRef.current?.start(), []);

  return {
    status,
    chat,
    peer: presence.peer,
    peerArrivals: presence.arrivals,
    joinCount,
    sendChat,
    sendSignal,
    onSignal,
    takeBack,
  };
}
