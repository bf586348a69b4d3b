import { useCallback, useState } from 'react';
import { formatMoney } from '@common/rules/fees';
import { Badge } from '../../ui/badge';
import { Switch } from '../../ui/switch';
import { useAdminList, useToggle } from './api';
import { CredentialChanges } from './credential-changes';
import { ErrorRow } from './error-row';
import { Loading, Pager, SearchBox, Table, TableMessage } from './list-controls';
import { ActiveSwitch } from './active-switch';
import { toggleCallbacks } from './toggle-messages';

const HEAD = ['Doctor', 'Specialty', 'Location', 'Status', 'Verified', 'Fee', 'Profile', 'Actions'];

function Completeness({ value }: { value: number }) {
  return (
    <div className="flex items-center gap-2">
      <div
        role="progressbar"
        aria-label="Profile completeness"
        aria-valuenow={value}
        aria-valuemin={0}
        aria-valuemax={100}
        className="h-2 w-20 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-700" style={{ width: `${value}%` }} />
      </div>
      <span className="text-xs text-muted">{value}%</span>
    </div>
  );
}

export function DoctorsTab() {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const list = useAdminList('doctors', { q, page, pageSize: 20 });
  const status = useToggle('doctors', 'status');
  const verify = useToggle('doctors', 'verify');
  const onSearch = useCallback((text: string) => {
    setQ(text);
    setPage(1);
  }, []);

  return (
    <section aria-label="Doctors" className="flex flex-col gap-3">
      <SearchBox label="Search doctors by name or email" onSearch={onSearch} />
      <Table caption="Doctors" head={HEAD}>
        {list.isPending ? (
          <Loading columns={HEAD.length} />
        ) : list.isError ? (
          <ErrorRow columns={HEAD.length} error={list.error} />
        ) : list.data.items.length === 0 ? (
          <TableMessage columns={HEAD.length}>No doctors found.</TableMessage>
        ) : (
          list.data.items.map((d) => {
            const name = `Dr. ${d.user.firstName} ${d.user.lastName}`;
            return (
              <tr key={d.id}>
                <td className="px-3 py-2">
                  <div className="font-medium whitespace-nowrap text-ink">{name}</div>
                  <div className="text-xs whitespace-nowrap text-muted">{d.user.email}</div>
                  <CredentialChanges doctorId={d.id} name={name} changes={d.credentialChanges} />
                </td>
                <td className="px-3 py-2">{d.specialty || '—'}</td>
                <td className="px-3 py-2">{[d.location, d.country].filter(Boolean).join(', ') || '—'}</td>
                <td className="px-3 py-2">
                  <Badge variant={d.isActive ? 'success' : 'secondary'}>{d.isActive ? 'Active' : 'Inactive'}</Badge>
                </td>
                <td className="px-3 py-2">
                  <Badge variant={d.isVerified ? 'default' : 'outline'}>{d.isVerified ? 'Verified' : 'Pending'}</Badge>
                </td>
                <td className="px-3 py-2">{d.consultationFee ? formatMoney(d.consultationFee) : '—'}</td>
                <td className="px-3 py-2">
                  <Completeness value={d.profileCompleteness} />
                </td>
                <td className="px-3 py-2">
                  <div className="flex items-center gap-x-4 gap-y-2">
                    <ActiveSwitch
                      checked={d.isActive}
                      name={name}
                      disabled={status.isPending}
                      consequence={
                        'Their profile leaves the directory, so patients can no longer find or book them. You can list them again at any time.'
                      }
                      onChange={(value) =>
                        status.mutate(
                          { id: d.id, value },
                          toggleCallbacks('doctors/status', `${name} is now ${value ? 'active' : 'inactive'}.`),
                        )
                      }
                    />
                    <Switch
                      checked={d.isVerified}
                      label="Verified"
                      name={`${name} verified`}
                      disabled={verify.isPending}
                      onChange={(value) =>
                        verify.mutate(
                          { id: d.id, value },
                          toggleCallbacks('doctors/verify', `${name} is now ${value ? 'verified' : 'unverified'}.`),
                        )
                      }
                    />
                  </div>
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
