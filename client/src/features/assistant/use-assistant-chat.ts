import { useCallback, useEffect, useRef, useState } from 'react';
import { ASSISTANT_GREETING, QUICK_OPTIONS_MESSAGE, chooseAssistantReply } from '@common/rules/assistant-reply';

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
  send: (text?: string) => void;
};

export function useAssistantChat(): AssistantChat {
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
    if (messageCountRef.current === 0) addMessage(ASSISTANT_GREETING, 'bot');
  }, [addMessage]);

  const close = useCallback(() => {
    setIsOpen(false);
    setIsMinimized(false);
  }, []);

  const minimize = useCallback(() => setIsMinimized(true), []);
  const restore = useCallback(() => setIsMinimized(false), []);

  const send = useCallback(
    (text?: string) => {
      const content = (text ?? input).trim();
      if (!content || typingRef.current) return;

      addMessage(content, 'user');
      setInput('');
      typingRef.current = true;
      setIsTyping(true);

      schedule(() => {
        typingRef.current = false;
        setIsTyping(false);
        addMessage(chooseAssistantReply(content).reply, 'bot');
        schedule(() => addMessage(QUICK_OPTIONS_MESSAGE, 'bot'), ASSISTANT_SUGGESTIONS_DELAY_MS);
      }, ASSISTANT_REPLY_DELAY_MS);
    },
    [input, addMessage, schedule],
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
