import { useCallback, useState } from 'react';
import { APPLICATION_STATUSES } from '@common/constants/statuses';
import { errorMessage } from '../../lib/api';
import { textsFor } from '../../lib/i18n/areas';
import { useWhen } from '../../lib/i18n/use-when';
import { useFormats } from '../../lib/i18n/use-formats';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
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
  const onSearch = useCallback((text: string) => {
    setQ(text);
    setPage(1);
  }, []);

  const act = (id: string, name: string, decision: 'approve' | 'reject') =>
    decide.mutate(
      { id, decision },
      {
        onSuccess: () =>
          toast({
            title: t(decision === 'approve' ? 'admin.applications.approved' : 'admin.applications.rejected'),
            description: t(
              decision === 'approve' ? 'admin.applications.approvedText' : 'admin.applications.rejectedText',
              { name },
            ),
            variant: 'success',
          }),
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
                </td>
                <td className="px-3 py-2">{f.specialty(a.specialty)}</td>
                <td className="px-3 py-2">{t('admin.applications.years', { count: a.yearsOfExperience })}</td>
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
                        onClick={() => act(a.id, name, 'approve')}
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
    </section>
  );
}
