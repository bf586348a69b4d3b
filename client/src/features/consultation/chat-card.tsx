import { Send } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { browserTimeZone } from '@common/rules/display-time';
import { CHAT_MESSAGE_MAX_LENGTH } from '@common/schemas/consultations';
import { cn } from '../../lib/cn';
import { textsFor } from '../../lib/i18n/areas';
import { useFormats } from '../../lib/i18n/use-formats';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardHeader, CardTitle } from '../../ui/card';
import { Input } from '../../ui/input';
import type { ChatState } from './chat-state';

const useT = textsFor('room');

type Props = {
  chat: ChatState;
  myUserId: string;
  connected: boolean;
  ended: boolean;
  onSend: (text: string) => boolean;
};

/**
 * The room's chat: a message sends (Enter or the button) when non-empty after trimming and not
 * ended; while disconnected it waits and goes out on reconnect.
 */
export function ChatCard({ chat, myUserId, connected, ended, onSend }: Props) {
  const t = useT();
  const f = useFormats();
  const clock = (timestamp: string) => f.date(new Date(timestamp), 'time', browserTimeZone());
  const [text, setText] = useState('');
  const listRef = useRef<HTMLOListElement>(null);
  const count = chat.messages.length + chat.pending.length;
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [count]);

  const canSend = !ended && text.trim().length > 0;
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSend) return;
    if (onSend(text.trim())) setText('');
  };

  return (
    <Card className="flex h-[28rem] flex-col">
      <CardHeader className="flex-row items-center justify-between gap-2 border-b border-line pb-3">
        <CardTitle>{t('room.chat.title')}</CardTitle>
        <Badge variant={connected ? 'success' : 'destructive'} data-testid="chat-connection">
          {t(connected ? 'room.chat.connected' : 'room.chat.disconnected')}
        </Badge>
      </CardHeader>
      <ol
        ref={listRef}
        role="log"
        aria-live="polite"
        aria-label={t('room.chat.log')}
        className="flex flex-1 flex-col gap-2 overflow-y-auto p-4"
      >
        {count === 0 && <li className="m-auto text-center text-sm text-muted">{t('room.chat.empty')}</li>}
        {chat.messages.map((m) => {
          const mine = m.senderId === myUserId;
          return (
            <li
              key={m.messageId}
              className={cn(
                'max-w-[85%] rounded-xl px-3 py-2 text-sm',
                mine ? 'self-end bg-brand-700 text-white' : 'self-start bg-slate-100 text-ink',
              )}
            >
              {!mine && <p className="text-xs font-semibold text-brand-800">{m.senderName}</p>}
              <p dir="auto" className="break-words whitespace-pre-wrap">
                {m.message}
              </p>
              <p className={cn('mt-0.5 text-[11px]', mine ? 'text-brand-100' : 'text-muted')}>
                <time dateTime={m.timestamp}>{clock(m.timestamp)}</time>
              </p>
            </li>
          );
        })}
        {chat.pending.map((p) => (
          <li
            key={p.clientMessageId}
            className="max-w-[85%] self-end rounded-xl bg-brand-700/60 px-3 py-2 text-sm text-white"
          >
            <p dir="auto" className="break-words whitespace-pre-wrap">
              {p.message}
            </p>
            <p className="mt-0.5 text-[11px] text-brand-50">
              {t(connected ? 'room.chat.sending' : 'room.chat.waiting')}
            </p>
          </li>
        ))}
      </ol>
      <form onSubmit={handleSubmit} className="flex gap-2 border-t border-line p-3">
        <Input
          // Typed text takes its own direction; empty, the placeholder keeps the page's.
          dir={text ? 'auto' : undefined}
          aria-label={t('room.chat.message')}
          placeholder={t('room.chat.placeholder')}
          value={text}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          onChange={(e) => setText(e.target.value)}
          disabled={ended}
        />
        <Button type="submit" size="icon" aria-label={t('room.chat.send')} disabled={!canSend}>
          <Send className="h-4 w-4 rtl:-scale-x-100" aria-hidden />
        </Button>
      </form>
    </Card>
  );
}
