import { useCallback, useState } from 'react';
import { APPLICATION_STATUSES } from '@common/constants/statuses';
import { formatMoney } from '@common/rules/fees';
import { errorMessage } from '../../lib/api';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Select } from '../../ui/input';
import { toast } from '../../ui/toast-store';
import { useAdminList, useDecideApplication } from './api';
import { ErrorRow } from './error-row';
import { Loading, Pager, SearchBox, shortDate, Table, TableMessage } from './list-controls';

const HEAD = ['Applicant', 'Specialty', 'Experience', 'Fee', 'Applied', 'Status', 'Actions'];
const VARIANT = { pending: 'warning', approved: 'success', rejected: 'destructive', completed: 'default' } as const;

export function ApplicationsTab() {
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
            title: decision === 'approve' ? 'Application Approved' : 'Application Rejected',
            description: `${name}'s application was ${decision === 'approve' ? 'approved' : 'rejected'}.`,
            variant: 'success',
          }),
        onError: (e) =>
          toast({
            title: 'Error',
            description: errorMessage(e, 'Failed to update application'),
            variant: 'destructive',
          }),
      },
    );

  return (
    <section aria-label="Applications" className="flex flex-col gap-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <SearchBox label="Search applicants by name or email" onSearch={onSearch} />
        <div className="sm:w-44 sm:shrink-0">
          <Select
            aria-label="Application status"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value);
              setPage(1);
            }}
          >
            <option value="">All applications</option>
            {APPLICATION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s[0].toUpperCase() + s.slice(1)}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <Table caption="Doctor applications" head={HEAD}>
        {list.isPending ? (
          <Loading columns={HEAD.length} />
        ) : list.isError ? (
          <ErrorRow columns={HEAD.length} error={list.error} />
        ) : list.data.items.length === 0 ? (
          <TableMessage columns={HEAD.length}>No applications.</TableMessage>
        ) : (
          list.data.items.map((a) => {
            const name = `${a.firstName} ${a.lastName}`;
            return (
              <tr key={a.id}>
                <td className="px-3 py-2">
                  <div className="font-medium text-ink">{name}</div>
                  <div className="text-xs break-all text-muted">
                    {a.email} · {a.phone}
                  </div>
                  <div className="text-xs text-muted">{a.hasAccount ? 'Has an account' : 'No account yet'}</div>
                </td>
                <td className="px-3 py-2">{a.specialty}</td>
                <td className="px-3 py-2">{a.yearsOfExperience} years</td>
                <td className="px-3 py-2">{formatMoney(a.consultationFee)}</td>
                <td className="px-3 py-2 whitespace-nowrap">{shortDate(a.createdAt)}</td>
                <td className="px-3 py-2">
                  <Badge variant={VARIANT[a.status]} className="capitalize">
                    {a.status}
                  </Badge>
                </td>
                <td className="px-3 py-2">
                  {a.status === 'pending' && (
                    <div className="flex gap-2">
                      <Button
                        size="sm"
                        disabled={decide.isPending}
                        onClick={() => act(a.id, name, 'approve')}
                        aria-label={`Approve ${name}`}
                      >
                        Approve
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={decide.isPending}
                        onClick={() => act(a.id, name, 'reject')}
                        aria-label={`Reject ${name}`}
                      >
                        Reject
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
