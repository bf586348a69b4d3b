import { useState } from 'react';
import { EMAIL_KIND_LABELS, EMAIL_STATUSES, type EmailKind, type EmailStatus } from '@common/constants/email';
import { errorMessage } from '../../lib/api';
import { textsFor } from '../../lib/i18n/areas';
import { useWhen } from '../../lib/i18n/use-when';
import { useFormats } from '../../lib/i18n/use-formats';
import type { Translate } from '../../lib/i18n/use-t';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Select } from '../../ui/input';
import { toast } from '../../ui/toast-store';
import { ErrorRow } from './error-row';
import { Loading, Pager, Table, TableMessage } from './list-controls';
import { useDeadLetters, useEmailList, useMailSummary, useRetryJob } from './mail-api';

const useT = textsFor('admin');

const HEAD = ['admin.mail.head.when', 'admin.mail.head.to', 'admin.mail.head.email', 'admin.head.status'] as const;
const DEAD_HEAD = [
  'admin.mail.head.job',
  'admin.mail.head.email',
  'admin.mail.head.tries',
  'admin.mail.head.lastError',
  'admin.head.actions',
] as const;
const VARIANT: Record<EmailStatus, 'success' | 'secondary' | 'warning' | 'destructive' | 'outline'> = {
  sent: 'success',
  stored: 'secondary',
  queued: 'warning',
  failed: 'destructive',
  skipped: 'outline',
};
const isKind = (kind: string | null): kind is EmailKind => kind !== null && kind in EMAIL_KIND_LABELS;
const kindLabel = (t: Translate, kind: string | null) =>
  isKind(kind) ? t(`admin.mail.kind.${kind}`) : kind || t('admin.mail.head.job');

/** What Medora sent (or, without SMTP, kept in its outbox), and the jobs that gave up. */
export function MailTab() {
  const t = useT();
  const f = useFormats();
  const dates = useWhen();
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const summary = useMailSummary();
  const list = useEmailList({ status, page, pageSize: 25 });

  return (
    <section aria-label={t('admin.tabs.mail')} className="flex flex-col gap-3">
      {summary.data && (
        <p className="text-sm text-muted">
          {t(summary.data.transport === 'smtp' ? 'admin.mail.smtp' : 'admin.mail.noSmtp')}{' '}
          {t('admin.mail.counts', {
            queued: f.number(summary.data.queued),
            dead: f.number(summary.data.dead),
            dropped: f.number(summary.data.dropped),
          })}
        </p>
      )}
      <label className="flex items-center gap-2 text-sm text-muted">
        {t('admin.show')}
        <div className="w-44">
          <Select
            value={status}
            onChange={(e) => {
              setStatus(e.target.value);
              setPage(1);
            }}
          >
            <option value="">{t('admin.mail.all')}</option>
            {EMAIL_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`admin.status.${s}`)}
              </option>
            ))}
          </Select>
        </div>
      </label>
      <Table caption={t('admin.tabs.mail')} head={HEAD.map((h) => t(h))}>
        {list.isPending ? (
          <Loading columns={HEAD.length} />
        ) : list.isError ? (
          <ErrorRow columns={HEAD.length} error={list.error} />
        ) : list.data.items.length === 0 ? (
          <TableMessage columns={HEAD.length}>{t('admin.mail.empty')}</TableMessage>
        ) : (
          list.data.items.map((m) => (
            <tr key={m.id}>
              <td className="px-3 py-2 whitespace-nowrap">{dates.compactDate(m.createdAt)}</td>
              <td className="px-3 py-2 break-all" dir="ltr">
                {m.toAddress}
              </td>
              <td className="px-3 py-2">
                <span className="font-medium text-ink">{m.subject}</span>
                <span className="block text-xs text-muted">{kindLabel(t, m.kind)}</span>
              </td>
              <td className="px-3 py-2">
                <Badge variant={VARIANT[m.status]}>{t(`admin.status.${m.status}`)}</Badge>
                {m.lastError && <div className="mt-1 max-w-xs text-xs break-all text-muted">{m.lastError}</div>}
              </td>
            </tr>
          ))
        )}
      </Table>
      {list.data && <Pager {...list.data} onPage={setPage} />}
      <DeadLetters />
    </section>
  );
}

function DeadLetters() {
  const t = useT();
  const f = useFormats();
  const dead = useDeadLetters();
  const retry = useRetryJob();
  const handleRetry = (id: number) =>
    retry.mutate(id, {
      onSuccess: () =>
        toast({
          title: t('admin.mail.jobQueued'),
          description: t('admin.mail.jobQueuedText', { id }),
          variant: 'success',
        }),
      onError: (e) =>
        toast({
          title: t('admin.error'),
          description: errorMessage(e, t('admin.mail.retryFailed')),
          variant: 'destructive',
        }),
    });
  return (
    <Table caption={t('admin.mail.deadCaption')} head={DEAD_HEAD.map((h) => t(h))}>
      {dead.isPending ? (
        <Loading columns={DEAD_HEAD.length} />
      ) : dead.isError ? (
        <ErrorRow columns={DEAD_HEAD.length} error={dead.error} />
      ) : dead.data.items.length === 0 ? (
        <TableMessage columns={DEAD_HEAD.length}>{t('admin.mail.deadEmpty')}</TableMessage>
      ) : (
        dead.data.items.map((j) => (
          <tr key={j.id}>
            <td className="px-3 py-2 font-mono text-xs">{j.id}</td>
            <td className="px-3 py-2">{kindLabel(t, j.emailKind)}</td>
            <td className="px-3 py-2">
              {t('admin.mail.tries', { attempts: f.number(j.attempts), max: f.number(j.maxAttempts) })}
            </td>
            <td className="max-w-xs px-3 py-2 text-xs break-all text-muted">{j.lastError ?? '—'}</td>
            <td className="px-3 py-2">
              <Button size="sm" variant="outline" disabled={retry.isPending} onClick={() => handleRetry(j.id)}>
                {t('admin.mail.retry')}
              </Button>
            </td>
          </tr>
        ))
      )}
    </Table>
  );
}
