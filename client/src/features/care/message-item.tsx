import { Paperclip } from 'lucide-react';
import type { Message } from '@common/schemas/conversations';
import { cn } from '../../lib/cn';
import { textsFor } from '../../lib/i18n/areas';
import { documentDownloadPath, useDocuments } from './api';
import { useMessageTime } from './message-time';

const useT = textsFor('messages');

/** One message: who wrote it and when (the viewer's zone), its text as written, its attachments. */
export function MessageItem({ message, mine, senderName }: { message: Message; mine: boolean; senderName: string }) {
  const t = useT();
  const timeOf = useMessageTime();
  const documents = useDocuments(message.documentIds.length > 0);
  const titleOf = (id: string) => documents.data?.documents.find((d) => d.id === id)?.title;
  return (
    <li className={cn('flex flex-col gap-1', mine ? 'items-end' : 'items-start')}>
      <p className="text-xs text-muted">
        {t('messages.sentBy', { who: mine ? t('messages.you') : senderName, time: timeOf(message.createdAt) })}
      </p>
      {/* Each message in the direction of its own words: an English note reads left to right in Arabic too. */}
      <div
        dir="auto"
        className={cn(
          'max-w-[85%] rounded-2xl px-4 py-2.5 text-sm break-words whitespace-pre-wrap',
          mine ? 'bg-brand-700 text-white' : 'border border-line bg-white text-ink',
        )}
      >
        {message.body}
      </div>
      {message.documentIds.map((id) => {
        const title = titleOf(id);
        return (
          <a
            key={id}
            href={documentDownloadPath(id)}
            download
            className="inline-flex max-w-[85%] items-center gap-1.5 rounded-lg border border-line bg-white px-3 py-1.5 text-sm font-medium text-brand-700 hover:bg-surface"
          >
            <Paperclip className="h-4 w-4 shrink-0" aria-hidden />
            <span className="truncate" dir="auto">
              {title ? t('messages.attachment', { title }) : t('messages.attachmentUnknown')}
            </span>
          </a>
        );
      })}
    </li>
  );
}
