import { useState } from 'react';
import { EMAIL_KIND_LABELS, EMAIL_STATUSES, type EmailKind, type EmailStatus } from '@common/constants/email';
import { errorMessage } from '../../lib/api';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Select } from '../../ui/input';
import { toast } from '../../ui/toast-store';
import { ErrorRow } from './error-row';
import { Loading, Pager, shortDate, Table, TableMessage } from './list-controls';
import { useDeadLetters, useEmailList, useMailSummary, useRetryJob } from './mail-api';

const HEAD = ['When', 'To', 'E-mail', 'Status'];
const DEAD_HEAD = ['Job', 'E-mail', 'Tries', 'Last error', 'Actions'];
const VARIANT: Record<EmailStatus, 'success' | 'secondary' | 'warning' | 'destructive' | 'outline'> = {
  sent: 'success',
  stored: 'secondary',
  queued: 'warning',
  failed: 'destructive',
  skipped: 'outline',
};
const kindLabel = (kind: string | null) => (kind && EMAIL_KIND_LABELS[kind as EmailKind]) || kind || 'Job';

/** What Medora sent (or, without SMTP, kept in its outbox), and the jobs that gave up. */
export function MailTab() {
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const summary = useMailSummary();
  const list = useEmailList({ status, page, pageSize: 25 });

  return (
    <section aria-label="E-mail" className="flex flex-col gap-3">
      {summary.data && (
        <p className="text-sm text-muted">
          {summary.data.transport === 'smtp'
            ? 'E-mail is sent through the configured SMTP server.'
            : 'No SMTP server is configured: messages are kept here and not sent.'}{' '}
          {summary.data.queued} waiting, {summary.data.dead} failed, {summary.data.dropped} dropped.
        </p>
      )}
      <label className="flex items-center gap-2 text-sm text-muted">
        Show
        <div className="w-44">
          <Select
            value={status}
            onChange={(e) => {
              setStatus(e.target.value);
              setPage(1);
            }}
          >
            <option value="">All e-mail</option>
            {EMAIL_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s[0].toUpperCase() + s.slice(1)}
              </option>
            ))}
          </Select>
        </div>
      </label>
      <Table caption="E-mail" head={HEAD}>
        {list.isPending ? (
          <Loading columns={HEAD.length} />
        ) : list.isError ? (
          <ErrorRow columns={HEAD.length} error={list.error} />
        ) : list.data.items.length === 0 ? (
          <TableMessage columns={HEAD.length}>No e-mail yet.</TableMessage>
        ) : (
          list.data.items.map((m) => (
            <tr key={m.id}>
              <td className="px-3 py-2 whitespace-nowrap">{shortDate(m.createdAt)}</td>
              <td className="px-3 py-2 break-all">{m.toAddress}</td>
              <td className="px-3 py-2">
                <span className="font-medium text-ink">{m.subject}</span>
                <span className="block text-xs text-muted">{kindLabel(m.kind)}</span>
              </td>
              <td className="px-3 py-2">
                <Badge variant={VARIANT[m.status]} className="capitalize">
                  {m.status}
                </Badge>
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
  const dead = useDeadLetters();
  const retry = useRetryJob();
  const handleRetry = (id: number) =>
    retry.mutate(id, {
      onSuccess: () =>
        toast({ title: 'Job Queued', description: `Job ${id} will be tried again.`, variant: 'success' }),
      onError: (e) =>
        toast({ title: 'Error', description: errorMessage(e, 'Failed to retry the job'), variant: 'destructive' }),
    });
  return (
    <Table caption="Failed jobs (dead letters)" head={DEAD_HEAD}>
      {dead.isPending ? (
        <Loading columns={DEAD_HEAD.length} />
      ) : dead.isError ? (
        <ErrorRow columns={DEAD_HEAD.length} error={dead.error} />
      ) : dead.data.items.length === 0 ? (
        <TableMessage columns={DEAD_HEAD.length}>No failed jobs.</TableMessage>
      ) : (
        dead.data.items.map((j) => (
          <tr key={j.id}>
            <td className="px-3 py-2 font-mono text-xs">{j.id}</td>
            <td className="px-3 py-2">{kindLabel(j.emailKind)}</td>
            <td className="px-3 py-2">
              {j.attempts} of {j.maxAttempts}
            </td>
            <td className="max-w-xs px-3 py-2 text-xs break-all text-muted">{j.lastError ?? '—'}</td>
            <td className="px-3 py-2">
              <Button size="sm" variant="outline" disabled={retry.isPending} onClick={() => handleRetry(j.id)}>
                Retry
              </Button>
            </td>
          </tr>
        ))
      )}
    </Table>
  );
}
