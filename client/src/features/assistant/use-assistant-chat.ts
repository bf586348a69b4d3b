import { useCallback, useEffect, useRef, useState } from 'react';
import {
  ASSISTANT_GREETING,
  QUICK_OPTIONS_MESSAGE,
  chooseAssistantReply,
  type AssistantTopic,
} from '@common/rules/assistant-reply';
import { emergencyKindOf } from '@common/emergency/detect';
import type { EmergencyReplyKind } from './emergency-reply';

/** The reply appears 1 s after sending, like a person typing. */
export const ASSISTANT_REPLY_DELAY_MS = 1000;
/** The quick options follow the reply 0.5 s later. */
export const ASSISTANT_SUGGESTIONS_DELAY_MS = 500;

export type AssistantMessageType = 'user' | 'bot';

/** Browser-only chat message; never sent to a server. */
export type AssistantMessage = {
  id: string;
  content: string;
  type: AssistantMessageType;
  timestamp: Date;
};

/** What the assistant says, in the reader's language (the widget passes the catalogue's; English by default). */
export type AssistantTexts = {
  greeting: string;
  quickOptions: string;
  reply: (topic: AssistantTopic, englishReply: string) => string;
  /** The emergency answer (the number where the person is); without it emergencies get the topic's reply. */
  emergency?: (kind: EmergencyReplyKind) => string;
};

/**
 * The emergency a message or quick action is about: one described in any of the three languages,
 * else the Emergency Info action and the words "emergency" and "urgent" (their topics).
 */
export function emergencyOf(asked: string, topic: AssistantTopic): EmergencyReplyKind | null {
  const kind = emergencyKindOf(asked);
  if (kind) return kind;
  if (topic === 'chest-pain') return 'medical';
  return topic === 'emergency' || topic === 'urgent' ? 'info' : null;
}

const ENGLISH: AssistantTexts = {
  greeting: ASSISTANT_GREETING,
  quickOptions: QUICK_OPTIONS_MESSAGE,
  reply: (_topic, englishReply) => englishReply,
};

export type AssistantChat = {
  messages: AssistantMessage[];
  isOpen: boolean;
  isMinimized: boolean;
  isTyping: boolean;
  input: string;
  /** True when the current input could be sent right now. */
  canSend: boolean;
  setInput: (value: string) => void;
  open: () => void;
  close: () => void;
  minimize: () => void;
  restore: () => void;
  /** `asked`: the words the reply is chosen by, when they differ from what is shown (a translated quick action). */
  send: (text?: string, asked?: string) => void;
};

export function useAssistantChat(texts: AssistantTexts = ENGLISH): AssistantChat {
  const [messages, setMessages] = useState<AssistantMessage[]>([]);
  const [isOpen, setIsOpen] = useState(false);
  const [isMinimized, setIsMinimized] = useState(false);
  const [isTyping, setIsTyping] = useState(false);
  const [input, setInput] = useState('');

  // Refs mirror state so two sends in the same tick (double click, Enter + click) can't both pass the guard.
  const typingRef = useRef(false);
  const messageCountRef = useRef(0);
  const nextIdRef = useRef(0);
  const timersRef = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const timers = timersRef.current;
    return () => {
      timers.forEach(clearTimeout);
      timers.clear();
    };
  }, []);

  const addMessage = useCallback((content: string, type: AssistantMessageType) => {
    nextIdRef.current += 1;
    const message: AssistantMessage = { id: `assistant-${nextIdRef.current}`, content, type, timestamp: new Date() };
    messageCountRef.current += 1;
    setMessages((prev) => [...prev, message]);
  }, []);

  const schedule = useCallback((fn: () => void, delay: number) => {
    const timer = setTimeout(() => {
      timersRef.current.delete(timer);
      fn();
    }, delay);
    timersRef.current.add(timer);
  }, []);

  const open = useCallback(() => {
    setIsOpen(true);
    setIsMinimized(false);
    if (messageCountRef.current === 0) addMessage(texts.greeting, 'bot');
  }, [addMessage, texts]);

  const close = useCallback(() => {
    setIsOpen(false);
    setIsMinimized(false);
  }, []);

  const minimize = useCallback(() => setIsMinimized(true), []);
  const restore = useCallback(() => setIsMinimized(false), []);

  const send = useCallback(
    (text?: string, asked?: string) => {
      const content = (text ?? input).trim();
      if (!content || typingRef.current) return;

      addMessage(content, 'user');
      setInput('');

      // An emergency is answered at once, number first: no typing pause before someone calls for help.
      const { topic, reply } = chooseAssistantReply(asked ?? content);
      const emergency = emergencyOf(asked ?? content, topic);
      if (emergency && texts.emergency) {
        addMessage(texts.emergency(emergency), 'bot');
        schedule(() => addMessage(texts.quickOptions, 'bot'), ASSISTANT_SUGGESTIONS_DELAY_MS);
        return;
      }

      typingRef.current = true;
      setIsTyping(true);

      schedule(() => {
        typingRef.current = false;
        setIsTyping(false);
        addMessage(texts.reply(topic, reply), 'bot');
        schedule(() => addMessage(texts.quickOptions, 'bot'), ASSISTANT_SUGGESTIONS_DELAY_MS);
      }, ASSISTANT_REPLY_DELAY_MS);
    },
    [input, addMessage, schedule, texts],
  );

  return {
    messages,
    isOpen,
    isMinimized,
    isTyping,
    input,
    canSend: input.trim() !== '' && !isTyping,
    setInput,
    open,
    close,
    minimize,
    restore,
    send,
  };
}
