import { useCallback, useRef, useState } from 'react';
import type { AdminApplicationRow } from '@common/schemas/admin';
import { APPLICATION_STATUSES } from '@common/constants/statuses';
import { errorMessage } from '../../lib/api';
import { textsFor } from '../../lib/i18n/areas';
import { useWhen } from '../../lib/i18n/use-when';
import { useFormats } from '../../lib/i18n/use-formats';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Select } from '../../ui/input';
import { toast } from '../../ui/toast-store';
import { useAdminList, useDecideApplication } from './api';
import { ErrorRow } from './error-row';
import { Loading, Pager, SearchBox, Table, TableMessage } from './list-controls';

const useT = textsFor('admin');

const HEAD = [
  'admin.applications.head.applicant',
  'admin.applications.head.specialty',
  'admin.applications.head.experience',
  'admin.applications.head.fee',
  'admin.applications.head.applied',
  'admin.applications.head.status',
  'admin.head.actions',
] as const;
/** The stored range ("16-20", "20+") read as years; the form offers nothing else. */
export function experienceParts(range: string): { from: string; to?: string } {
  const [from, to] = range.replace('+', '').split('-');
  return to === undefined ? { from } : { from, to };
}

const VARIANT = { pending: 'warning', approved: 'success', rejected: 'destructive', completed: 'default' } as const;

export function ApplicationsTab() {
  const t = useT();
  const f = useFormats();
  const dates = useWhen();
  const [q, setQ] = useState('');
  const [status, setStatus] = useState('pending');
  const [page, setPage] = useState(1);
  const list = useAdminList('doctor-applications', { q, status, page, pageSize: 20 });
  const decide = useDecideApplication();
  const [asking, setAsking] = useState<AdminApplicationRow | null>(null);
  const [outcome, setOutcome] = useState('');
  // After a decision the row leaves the list: focus goes to the outcome, not the next applicant's button.
  const outcomeRef = useRef<HTMLParagraphElement>(null);
  const onSearch = useCallback((text: string) => {
    setQ(text);
    setPage(1);
  }, []);

  const experienceText = (range: string) => {
    const { from, to } = experienceParts(range);
    return to === undefined
      ? t('admin.applications.yearsAtLeast', { from: f.number(Number(from)) })
      : t('admin.applications.yearsRange', { from: f.number(Number(from)), to: f.number(Number(to)) });
  };

  const act = (id: string, name: string, decision: 'approve' | 'reject') =>
    decide.mutate(
      { id, decision },
      {
        onSuccess: () => {
          const text = t(
            decision === 'approve' ? 'admin.applications.approvedText' : 'admin.applications.rejectedText',
            { name },
          );
          setOutcome(text);
          outcomeRef.current?.focus();
          toast({
            title: t(decision === 'approve' ? 'admin.applications.approved' : 'admin.applications.rejected'),
            description: text,
            variant: 'success',
          });
        },
        onError: (e) =>
          toast({
            title: t('admin.error'),
            description: errorMessage(e, t('admin.applications.failed')),
            variant: 'destructive',
          }),
      },
    );

  return (
    <section aria-label={t('admin.tabs.applications')} className="flex flex-col gap-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <SearchBox label={t('admin.applications.search')} onSearch={onSearch} />
        <div className="sm:w-44 sm:shrink-0">
          <Select
            aria-label={t('admin.applications.statusFilter')}
            value={status}
            onChange={(e) => {
              setStatus(e.target.value);
              setPage(1);
            }}
          >
            <option value="">{t('admin.applications.all')}</option>
            {APPLICATION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`admin.status.${s}`)}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <p ref={outcomeRef} tabIndex={-1} role="status" className="text-sm text-success empty:hidden">
        {outcome}
      </p>
      <Table caption={t('admin.applications.caption')} head={HEAD.map((h) => t(h))}>
        {list.isPending ? (
          <Loading columns={HEAD.length} />
        ) : list.isError ? (
          <ErrorRow columns={HEAD.length} error={list.error} />
        ) : list.data.items.length === 0 ? (
          <TableMessage columns={HEAD.length}>{t('admin.applications.empty')}</TableMessage>
        ) : (
          list.data.items.map((a) => {
            const name = `${a.firstName} ${a.lastName}`;
            return (
              <tr key={a.id}>
                <td className="px-3 py-2">
                  <div className="font-medium text-ink">{name}</div>
                  <div className="text-xs break-all text-muted">
                    <span dir="ltr">{a.email}</span> · <span dir="ltr">{a.phone}</span>
                  </div>
                  <div className="text-xs text-muted">
                    {t(a.hasAccount ? 'admin.applications.hasAccount' : 'admin.applications.noAccount')}
                  </div>
                  <div className="text-xs text-muted" dir="auto">
                    {t('admin.applications.license', { number: a.licenseNumber })}
                  </div>
                  <details className="mt-1 text-xs">
                    <summary className="cursor-pointer font-medium text-brand-700">
                      {t('admin.applications.details')}
                    </summary>
                    <div className="mt-1 flex flex-col gap-1 text-ink">
                      <p>{t('admin.applications.languages', { languages: a.languages.join(', ') })}</p>
                      <p className="font-medium">{t('admin.applications.statement')}</p>
                      <p className="whitespace-pre-line" dir="auto">
                        {a.aboutMe}
                      </p>
                    </div>
                  </details>
                </td>
                <td className="px-3 py-2">{f.specialty(a.specialty)}</td>
                <td className="px-3 py-2 whitespace-nowrap">{experienceText(a.yearsOfExperience)}</td>
                <td className="px-3 py-2">{f.money(a.consultationFee)}</td>
                <td className="px-3 py-2 whitespace-nowrap">{dates.compactDate(a.createdAt)}</td>
                <td className="px-3 py-2">
                  <Badge variant={VARIANT[a.status]}>{t(`admin.status.${a.status}`)}</Badge>
                </td>
                <td className="px-3 py-2">
                  {a.status === 'pending' && (
                    <div className="flex gap-2">
                      <Button
                        size="sm"
                        disabled={decide.isPending}
                        onClick={() => setAsking(a)}
                        aria-label={t('admin.applications.approveName', { name })}
                      >
                        {t('admin.approve')}
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={decide.isPending}
                        onClick={() => act(a.id, name, 'reject')}
                        aria-label={t('admin.applications.rejectName', { name })}
                      >
                        {t('admin.reject')}
                      </Button>
                    </div>
                  )}
                </td>
              </tr>
            );
          })
        )}
      </Table>
      {list.data && <Pager {...list.data} onPage={setPage} />}
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={t('admin.applications.confirmTitle', { name: asking ? `${asking.firstName} ${asking.lastName}` : '' })}
        description={t('admin.applications.confirmText', {
          name: asking ? `${asking.firstName} ${asking.lastName}` : '',
          number: asking?.licenseNumber ?? '',
        })}
        confirmLabel={t('admin.approve')}
        destructive={false}
        onConfirm={() => asking && act(asking.id, `${asking.firstName} ${asking.lastName}`, 'approve')}
      />
    </section>
  );
}
