import { Bot, MessageCircle, Minus, Send, X } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, type FormEvent } from 'react';
import type { ClientMessageKey } from '@common/i18n/keys';
import { QUICK_ACTIONS, type QuickAction } from '@common/rules/assistant-reply';
import { cn } from '../../lib/cn';
import { textsFor } from '../../lib/i18n/areas';
import { useLanguage } from '../../lib/i18n/use-t';
import { Button } from '../../ui/button';
import { Input } from '../../ui/input';
import { useEmergencyNumbers } from './emergency-country';
import { emergencyReply } from './emergency-reply';
import { useAssistantChat, type AssistantMessage, type AssistantTexts } from './use-assistant-chat';

const useT = textsFor('assistant', 'assistant-launcher');

const ACTION_LABEL: Record<QuickAction, ClientMessageKey> = {
  'Find Doctors': 'assistant.action.findDoctors',
  'Book Appointment': 'assistant.action.book',
  'Emergency Info': 'assistant.action.emergency',
  'Symptom Check': 'assistant.action.symptoms',
};

type FocusTarget = 'launcher' | 'restore' | 'panel' | null;

function MessageBubble({ message }: { message: AssistantMessage }) {
  const isUser = message.type === 'user';
  const t = useT();
  return (
    <li className={cn('flex', isUser ? 'justify-end' : 'justify-start')}>
      <p
        className={cn(
          'max-w-[85%] rounded-2xl px-3 py-2 text-sm leading-relaxed whitespace-pre-line break-words',
          isUser ? 'rounded-ee-sm bg-brand-700 text-white' : 'rounded-es-sm bg-slate-100 text-ink',
        )}
      >
        <span className="sr-only">{t(isUser ? 'assistant.fromYou' : 'assistant.fromAssistant')} </span>
        {message.content}
      </p>
    </li>
  );
}

function TypingIndicator() {
  const t = useT();
  return (
    <div className="flex justify-start">
      <div className="flex items-center gap-1 rounded-2xl rounded-es-sm bg-slate-100 px-3 py-3">
        <span aria-hidden className="h-1.5 w-1.5 animate-bounce rounded-full bg-slate-500 [animation-delay:-0.3s]" />
        <span aria-hidden className="h-1.5 w-1.5 animate-bounce rounded-full bg-slate-500 [animation-delay:-0.15s]" />
        <span aria-hidden className="h-1.5 w-1.5 animate-bounce rounded-full bg-slate-500" />
        <span className="sr-only">{t('assistant.typing')}</span>
      </div>
    </div>
  );
}

/** `startOpen`: the launcher in the first-load bundle was pressed before this chunk arrived. */
export function AssistantWidget({ startOpen = false }: { startOpen?: boolean }) {
  const t = useT();
  const { language } = useLanguage();
  const where = useEmergencyNumbers();
  const texts = useMemo<AssistantTexts>(
    () => ({
      greeting: t('assistant.greeting'),
      quickOptions: t('assistant.quickOptions'),
      reply: (topic) => t(`assistant.reply.${topic}`),
      emergency: (kind) => emergencyReply(kind, where, t, language),
    }),
    [t, where, language],
  );
  const chat = useAssistantChat(texts);
  const titleId = useId();
  const noteId = useId();
  const logRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const launcherRef = useRef<HTMLButtonElement>(null);
  const restoreRef = useRef<HTMLButtonElement>(null);
  // The control that had focus may unmount (launcher, minimize, panel), so focus is moved after the next render.
  const pendingFocus = useRef<FocusTarget>(null);

  useEffect(() => {
    const target = pendingFocus.current;
    if (!target) return;
    pendingFocus.current = null;
    const el =
      target === 'launcher' ? launcherRef.current : target === 'restore' ? restoreRef.current : panelRef.current;
    el?.focus();
  }, [chat.isOpen, chat.isMinimized]);

  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [chat.messages.length, chat.isTyping, chat.isOpen, chat.isMinimized]);

  const handleOpen = () => {
    // Focus the panel, not the input, so phones don't pop the keyboard over the chat on open.
    pendingFocus.current = 'panel';
    chat.open();
  };
  const openOnMount = useRef(startOpen);
  useEffect(() => {
    if (!openOnMount.current) return;
    openOnMount.current = false;
    handleOpen();
    // Runs once, on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const handleClose = () => {
    pendingFocus.current = 'launcher';
    chat.close();
  };
  const handleMinimize = () => {
    pendingFocus.current = 'restore';
    chat.minimize();
  };
  const handleRestore = () => {
    pendingFocus.current = 'panel';
    chat.restore();
  };
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    chat.send();
    // The send button disables itself once the input clears, which would otherwise drop focus to <body>.
    const field = formRef.current?.elements.namedItem('message');
    if (field instanceof HTMLInputElement) field.focus();
  };
  // The button's words are shown as the question; the reply is chosen by the action itself.
  const handleQuickAction = (action: QuickAction) => {
    if (chat.isTyping) return;
    const text = t(ACTION_LABEL[action]);
    chat.setInput(text);
    chat.send(text, action);
  };

  if (!chat.isOpen) {
    return (
      <div className="fixed end-4 bottom-(--assistant-bottom) z-40">
        <button
          ref={launcherRef}
          type="button"
          onClick={handleOpen}
          aria-label={t('assistant-launcher.open')}
          className="inline-flex h-14 w-14 cursor-pointer items-center justify-center rounded-full bg-brand-700 text-white shadow-lg transition-colors hover:bg-brand-800"
        >
          <MessageCircle aria-hidden className="h-6 w-6" />
        </button>
      </div>
    );
  }

  const titleBlock = (
    <span className="flex min-w-0 items-center gap-2 text-start">
      <span aria-hidden className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-white/15">
        <Bot className="h-4 w-4" />
      </span>
      <span className="grid min-w-0">
        <span id={titleId} className="truncate text-sm font-semibold">
          {t('assistant.title')}
        </span>
        <span className="truncate text-xs text-brand-100">{t('assistant.subtitle')}</span>
      </span>
    </span>
  );

  const headerButton =
    'inline-flex h-8 w-8 shrink-0 cursor-pointer items-center justify-center rounded-lg text-white hover:bg-white/15';

  return (
    <section
      ref={panelRef}
      tabIndex={-1}
      aria-labelledby={titleId}
      className={cn(
        'fixed end-4 bottom-(--assistant-bottom) z-40 flex w-[min(22rem,calc(100vw-2rem))] flex-col overflow-hidden rounded-2xl border border-line bg-white shadow-2xl outline-none',
        !chat.isMinimized && 'h-[min(32rem,calc(100dvh-2rem))]',
      )}
    >
      <header className="flex shrink-0 items-center justify-between gap-2 bg-brand-700 px-3 py-2 text-white">
        {chat.isMinimized ? (
          <button
            ref={restoreRef}
            type="button"
            onClick={handleRestore}
            aria-expanded={false}
            aria-label={t('assistant.restore')}
            className="-my-1 -ms-1 flex min-w-0 flex-1 cursor-pointer rounded-lg p-1 hover:bg-white/10"
          >
            {titleBlock}
          </button>
        ) : (
          <h2 className="min-w-0 flex-1">{titleBlock}</h2>
        )}
        <div className="flex shrink-0 items-center gap-1">
          {!chat.isMinimized && (
            <button
              type="button"
              onClick={handleMinimize}
              aria-label={t('assistant.minimize')}
              className={headerButton}
            >
              <Minus aria-hidden className="h-4 w-4" />
            </button>
          )}
          <button type="button" onClick={handleClose} aria-label={t('assistant.close')} className={headerButton}>
            <X aria-hidden className="h-4 w-4" />
          </button>
        </div>
      </header>

      {!chat.isMinimized && (
        <>
          <div className="grid shrink-0 grid-cols-2 gap-2 border-b border-line p-3">
            {QUICK_ACTIONS.map((action) => (
              <button
                key={action}
                type="button"
                onClick={() => handleQuickAction(action)}
                // aria-disabled rather than disabled so focus isn't dropped while the reply is pending.
                aria-disabled={chat.isTyping}
                className={cn(
                  'min-h-9 cursor-pointer rounded-lg border border-brand-100 bg-brand-50 px-2 py-1.5 text-xs font-medium text-brand-800 transition-colors hover:bg-brand-100',
                  chat.isTyping && 'cursor-not-allowed opacity-50',
                )}
              >
                {t(ACTION_LABEL[action])}
              </button>
            ))}
          </div>

          <div
            ref={logRef}
            role="log"
            aria-live="polite"
            aria-label={t('assistant.log')}
            className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto overscroll-contain p-3"
          >
            <ul className="flex flex-col gap-3">
              {chat.messages.map((message) => (
                <MessageBubble key={message.id} message={message} />
              ))}
            </ul>
            {chat.isTyping && <TypingIndicator />}
          </div>

          <form ref={formRef} onSubmit={handleSubmit} className="shrink-0 border-t border-line p-3">
            <div className="flex items-center gap-2">
              <Input
                name="message"
                value={chat.input}
                onChange={(event) => chat.setInput(event.target.value)}
                placeholder={t('assistant.placeholder')}
                aria-label={t('assistant.input')}
                aria-describedby={noteId}
                autoComplete="off"
                enterKeyHint="send"
                // 16px on small screens stops iOS Safari zooming in on focus.
                className="min-w-0 flex-1 text-base sm:text-sm"
              />
              <Button
                type="submit"
                size="icon"
                aria-label={t('assistant.send')}
                disabled={!chat.canSend}
                className="shrink-0"
              >
                <Send aria-hidden className="h-4 w-4 rtl:-scale-x-100" />
              </Button>
            </div>
            <p id={noteId} className="mt-2 text-[11px] leading-snug text-muted">
              {t('assistant.note')}
            </p>
          </form>
        </>
      )}
    </section>
  );
}
