import { FileText, MessageSquare } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Conversation } from '@common/schemas/conversations';
import { errorMessage } from '../../lib/api';
import { useCurrentUser } from '../../lib/current-user';
import { textsFor } from '../../lib/i18n/areas';
import { useSeenDoctors } from '../../lib/patient-appointments';
import { Avatar } from '../../ui/avatar';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { buttonClass } from '../../ui/button-class';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Label, Select } from '../../ui/input';
import { Container, EmptyState, PageHeader } from '../../ui/page';
import { Skeleton } from '../../ui/spinner';
import { useConversations, useOpenConversation } from './api';
import { useMessageTime } from './message-time';
import { useNameOf } from './name';
import { ReplyPromiseCard } from './reply-promise-card';
import { otherParty } from './people';

const useT = textsFor('messages', 'when');

function ConversationRow({ conversation, viewer }: { conversation: Conversation; viewer: 'patient' | 'doctor' }) {
  const t = useT();
  const nameOf = useNameOf();
  const timeOf = useMessageTime();
  const other = otherParty(conversation, viewer);
  const name = nameOf(other);
  const unread = conversation.unreadCount;
  return (
    <li>
      <Link
        to={`/messages/${conversation.id}`}
        className="flex items-center gap-3 rounded-lg px-3 py-3 hover:bg-surface focus-visible:bg-surface"
      >
        <Avatar firstName={other.firstName} lastName={other.lastName} />
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span className="flex flex-wrap items-center gap-2">
            <span className={unread > 0 ? 'font-semibold text-ink' : 'font-medium text-ink'}>{name}</span>
            {conversation.status === 'closed' && <Badge variant="secondary">{t('messages.closed')}</Badge>}
          </span>
          <span className="text-sm text-muted">
            {conversation.lastMessageAt
              ? t('messages.lastMessage', { time: timeOf(conversation.lastMessageAt) })
              : t('messages.noMessagesYet')}
          </span>
        </span>
        {unread > 0 && (
          <Badge variant="destructive" className="shrink-0">
            {t('messages.unread', { count: unread })}
          </Badge>
        )}
      </Link>
    </li>
  );
}

/** A patient opens a conversation with a doctor they have seen; the server decides whether they may. */
function StartConversation() {
  const t = useT();
  const nameOf = useNameOf();
  const navigate = useNavigate();
  const seen = useSeenDoctors();
  const open = useOpenConversation();
  const doctors = seen.data ?? [];
  const [doctorId, setDoctorId] = useState('');
  if (seen.isPending) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('messages.start.title')}</CardTitle>
        <CardDescription>{t('messages.start.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {doctors.length === 0 ? (
          <p className="text-sm text-muted">{t('messages.start.none')}</p>
        ) : (
          <form
            className="flex flex-col gap-3 sm:flex-row sm:items-end"
            onSubmit={(event) => {
              event.preventDefault();
              if (!doctorId) return;
              open.mutate({ doctorId }, { onSuccess: (c) => void navigate(`/messages/${c.id}`) });
            }}
          >
            <div className="flex flex-1 flex-col gap-1.5">
              <Label htmlFor="start-doctor">{t('messages.start.label')}</Label>
              <Select id="start-doctor" value={doctorId} onChange={(e) => setDoctorId(e.target.value)} required>
                <option value="">{t('messages.start.choose')}</option>
                {doctors.map((d) => (
                  <option key={d.doctorId} value={d.doctorId}>
                    {nameOf({ ...d, isDoctor: true })}
                  </option>
                ))}
              </Select>
            </div>
            <Button type="submit" disabled={open.isPending || !doctorId}>
              {t('messages.start.submit')}
            </Button>
          </form>
        )}
        {open.isError && (
          <p role="alert" className="mt-3 text-sm text-danger">
            {errorMessage(open.error, t('messages.start.failed'))}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

export function MessagesPage() {
  const t = useT();
  const { user } = useCurrentUser();
  const conversations = useConversations();
  const viewer = user?.userType === 'doctor' ? 'doctor' : 'patient';
  return (
    <Container className="pb-12">
      <PageHeader
        title={t('messages.title')}
        subtitle={t(viewer === 'doctor' ? 'messages.subtitle.doctor' : 'messages.subtitle.patient')}
        actions={
          viewer === 'patient' ? (
            <Link to="/my-documents" className={buttonClass('outline')}>
              <FileText className="h-4 w-4" aria-hidden /> {t('messages.myDocuments')}
            </Link>
          ) : undefined
        }
      />
      <div className="grid gap-6">
        <section aria-labelledby="conversations-heading" className="rounded-xl border border-line bg-white p-2">
          <h2 id="conversations-heading" className="sr-only">
            {t('messages.listHeading')}
          </h2>
          {conversations.isPending ? (
            <div className="grid gap-2 p-2" role="status" aria-busy="true" aria-label={t('messages.loading')}>
              <Skeleton className="h-14 w-full" />
              <Skeleton className="h-14 w-full" />
            </div>
          ) : conversations.isError ? (
            <div role="alert" className="flex flex-col items-start gap-3 p-4">
              <p className="text-sm text-danger">{t('messages.loadError')}</p>
              <Button variant="outline" size="sm" onClick={() => void conversations.refetch()}>
                {t('messages.retry')}
              </Button>
            </div>
          ) : conversations.data.length === 0 ? (
            <EmptyState icon={<MessageSquare className="h-8 w-8" aria-hidden />} title={t('messages.empty.title')}>
              <p className="text-sm text-muted">
                {t(viewer === 'doctor' ? 'messages.empty.doctor' : 'messages.empty.patient')}
              </p>
            </EmptyState>
          ) : (
            <ul className="divide-y divide-line">
              {conversations.data.map((c) => (
                <ConversationRow key={c.id} conversation={c} viewer={viewer} />
              ))}
            </ul>
          )}
        </section>
        {viewer === 'patient' ? <StartConversation /> : <ReplyPromiseCard />}
      </div>
    </Container>
  );
}
