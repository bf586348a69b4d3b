import { useInfiniteQuery } from '@tanstack/react-query';
import { ArrowLeft, Lock } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { Conversation, Message } from '@common/schemas/conversations';
import { ApiError } from '../../lib/api';
import { useCurrentUser } from '../../lib/current-user';
import { useFormats } from '../../lib/i18n/use-formats';
import { textsFor } from '../../lib/i18n/areas';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { Container } from '../../ui/page';
import { Skeleton } from '../../ui/spinner';
import { mergeMessages, messagePagesQuery, useConversations, useMarkRead } from './api';
import { Composer } from './composer';
import { ConversationActions } from './conversation-actions';
import { useLiveMessages } from './live-messages';
import { MessageItem } from './message-item';
import { useNameOf } from './name';
import { otherParty } from './people';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';

const useT = textsFor('messages');

function Header({ conversation, viewer }: { conversation: Conversation; viewer: 'patient' | 'doctor' }) {
  const t = useT();
  const nameOf = useNameOf();
  const other = otherParty(conversation, viewer);
  const doctorName = nameOf({ ...conversation.doctor, isDoctor: true });
  const f = useFormats();
  return (
    <div className="flex flex-col gap-3 border-b border-line pb-4">
      <Link
        to="/messages"
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft className="h-4 w-4 rtl:rotate-180" aria-hidden /> {t('messages.back')}
      </Link>
      <div className="flex items-center gap-3">
        <Avatar firstName={other.firstName} lastName={other.lastName} />
        <div className="min-w-0">
          <h1 className="text-xl font-bold text-ink sm:text-2xl">{nameOf(other)}</h1>
          {viewer === 'patient' && conversation.doctor.specialty && (
            <p className="text-sm text-muted">{f.specialty(conversation.doctor.specialty)}</p>
          )}
        </div>
      </div>
      {viewer === 'patient' && conversation.replyWithinDays !== null && (
        <p className="text-sm text-muted">
          {t('messages.replyPromise', { name: doctorName, days: conversation.replyWithinDays })}
        </p>
      )}
      {conversation.status === 'closed' && (
        <p className="flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          <Lock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          {viewer === 'patient'
            ? t('messages.closedNotice.patient', { name: doctorName })
            : t('messages.closedNotice.doctor')}
        </p>
      )}
      <ConversationActions
        conversation={conversation}
        viewer={viewer}
        patientName={nameOf({ ...conversation.patient, isDoctor: false })}
      />
    </div>
  );
}

function Thread({
  conversation,
  viewer,
  myId,
}: {
  conversation: Conversation;
  viewer: 'patient' | 'doctor';
  myId: string;
}) {
  const t = useT();
  const nameOf = useNameOf();
  const client = useQueryClient();
  const pages = useInfiniteQuery(messagePagesQuery(conversation.id));
  const markRead = useMarkRead(conversation.id);
  const [live, setLive] = useState<Message[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const end = useRef<HTMLDivElement>(null);
  const otherName = nameOf(otherParty(conversation, viewer));
  const { mutate: markAsRead } = markRead;

  // Opening the conversation reads it: once its newest page is on screen.
  const loaded = pages.isSuccess;
  useEffect(() => {
    if (loaded) markAsRead();
  }, [loaded, markAsRead]);

  const add = useCallback((message: Message) => setLive((list) => mergeMessages(list, [message])), []);
  useLiveMessages(
    useCallback(
      (message: Message) => {
        if (message.conversationId !== conversation.id) {
          void client.invalidateQueries({ queryKey: queryKeys.conversations.unread });
          return;
        }
        add(message);
        // A document attached just now (uploaded by the doctor for the patient) is not in the
        // list loaded with the page: read it again so the attachment shows its title.
        if (message.documentIds.length > 0) void client.invalidateQueries({ queryKey: queryKeys.documents });
        if (message.senderId !== myId) {
          setAnnouncement(t('messages.newMessage', { name: otherName, body: message.body }));
          markAsRead();
        }
      },
      [add, client, conversation.id, markAsRead, myId, otherName, t],
    ),
  );

  const fetched = pages.data?.pages.map((p) => p.messages) ?? [];
  const messages = mergeMessages(...fetched, live);
  const newestId = messages.at(-1)?.id;
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [newestId]);

  if (pages.isPending) {
    return (
      <div className="grid gap-3 py-4" role="status" aria-busy="true" aria-label={t('messages.loadingThread')}>
        <Skeleton className="h-16 w-2/3" />
        <Skeleton className="ms-auto h-16 w-2/3" />
      </div>
    );
  }
  if (pages.isError) {
    const missing = pages.error instanceof ApiError && pages.error.status === 404;
    return (
      <div role="alert" className="flex flex-col items-start gap-3 py-6">
        <p className="text-sm text-danger">{t(missing ? 'messages.notFound' : 'messages.threadError')}</p>
        {!missing && (
          <Button variant="outline" size="sm" onClick={() => void pages.refetch()}>
            {t('messages.retry')}
          </Button>
        )}
      </div>
    );
  }
  return (
    <>
      <div className="flex flex-col gap-3 py-4">
        {pages.hasNextPage ? (
          <Button
            variant="outline"
            size="sm"
            className="self-center"
            disabled={pages.isFetchingNextPage}
            onClick={() => void pages.fetchNextPage()}
          >
            {pages.isFetchingNextPage ? t('messages.loadingEarlier') : t('messages.loadEarlier')}
          </Button>
        ) : (
          messages.length > 0 && <p className="text-center text-xs text-muted">{t('messages.startOfConversation')}</p>
        )}
        {messages.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted">{t('messages.emptyThread')}</p>
        ) : (
          <ol className="flex flex-col gap-3" aria-label={t('messages.threadLabel', { name: otherName })}>
            {messages.map((m) => (
              <MessageItem key={m.id} message={m} mine={m.senderId === myId} senderName={otherName} />
            ))}
          </ol>
        )}
        <div ref={end} />
      </div>
      <div role="status" aria-live="polite" className="sr-only">
        {announcement}
      </div>
      {conversation.status === 'open' && (
        <Composer conversation={conversation} viewer={viewer} onSent={(m) => add(m)} />
      )}
    </>
  );
}

export function ConversationPage() {
  const t = useT();
  const { id = '' } = useParams();
  const { user } = useCurrentUser();
  const conversations = useConversations();
  const viewer = user?.userType === 'doctor' ? 'doctor' : 'patient';
  const conversation = conversations.data?.find((c) => c.id === id);
  return (
    <Container className="py-6 pb-12">
      <div className="mx-auto max-w-3xl">
        {conversations.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : conversations.isError ? (
          <div className="flex flex-col items-start gap-3">
            <h1 className="text-xl font-bold text-ink">{t('messages.title')}</h1>
            <p role="alert" className="text-sm text-danger">
              {t('messages.loadError')}
            </p>
            <Button variant="outline" size="sm" onClick={() => void conversations.refetch()}>
              {t('messages.retry')}
            </Button>
          </div>
        ) : !conversation || !user ? (
          <div className="flex flex-col items-start gap-3">
            <h1 className="text-xl font-bold text-ink">{t('messages.title')}</h1>
            <p role="alert" className="text-sm text-danger">
              {t('messages.notFound')}
            </p>
            <Link to="/messages" className="text-sm font-medium text-brand-700 hover:underline">
              {t('messages.back')}
            </Link>
          </div>
        ) : (
          <>
            <Header conversation={conversation} viewer={viewer} />
            <Thread conversation={conversation} viewer={viewer} myId={user.id} />
          </>
        )}
      </div>
    </Container>
  );
}
