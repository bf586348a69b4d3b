import { useCallback, useState } from 'react';
import { textsFor } from '../../lib/i18n/areas';
import { useFormats } from '../../lib/i18n/use-formats';
import { Badge } from '../../ui/badge';
import { useAdminList } from './api';
import { CredentialChanges } from './credential-changes';
import { ErrorRow } from './error-row';
import { Loading, Pager, SearchBox, Table, TableMessage } from './list-controls';
import { AccountSwitches } from './account-switches';

const useT = textsFor('admin');

const HEAD = [
  'admin.doctors.head.doctor',
  'admin.doctors.head.specialty',
  'admin.doctors.head.location',
  'admin.head.status',
  'admin.head.verified',
  'admin.doctors.head.fee',
  'admin.doctors.head.profile',
  'admin.head.actions',
] as const;

function Completeness({ value }: { value: number }) {
  const t = useT();
  const f = useFormats();
  return (
    <div className="flex items-center gap-2">
      <div
        role="progressbar"
        aria-label={t('admin.doctors.completeness')}
        aria-valuenow={value}
        aria-valuemin={0}
        aria-valuemax={100}
        className="h-2 w-20 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-700" style={{ width: `${value}%` }} />
      </div>
      <span className="text-xs text-muted">{f.number(value / 100, { style: 'percent' })}</span>
    </div>
  );
}

export function DoctorsTab() {
  const t = useT();
  const f = useFormats();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const list = useAdminList('doctors', { q, page, pageSize: 20 });
  const onSearch = useCallback((text: string) => {
    setQ(text);
    setPage(1);
  }, []);

  return (
    <section aria-label={t('admin.tabs.doctors')} className="flex flex-col gap-3">
      <SearchBox label={t('admin.doctors.search')} onSearch={onSearch} />
      <Table caption={t('admin.tabs.doctors')} head={HEAD.map((h) => t(h))}>
        {list.isPending ? (
          <Loading columns={HEAD.length} />
        ) : list.isError ? (
          <ErrorRow columns={HEAD.length} error={list.error} />
        ) : list.data.items.length === 0 ? (
          <TableMessage columns={HEAD.length}>{t('admin.doctors.empty')}</TableMessage>
        ) : (
          list.data.items.map((d) => {
            // "Dr." stays as the directory writes it in every language (docs/languages.md).
            const name = `Dr. ${d.user.firstName} ${d.user.lastName}`;
            return (
              <tr key={d.id}>
                <td className="px-3 py-2">
                  <div className="font-medium whitespace-nowrap text-ink">{name}</div>
                  <div className="text-xs whitespace-nowrap text-muted" dir="ltr">
                    {d.user.email}
                  </div>
                  <CredentialChanges doctorId={d.id} name={name} changes={d.credentialChanges} />
                </td>
                <td className="px-3 py-2">{d.specialty ? f.specialty(d.specialty) : '—'}</td>
                <td className="px-3 py-2">{[d.location, d.country].filter(Boolean).join(', ') || '—'}</td>
                <td className="px-3 py-2">
                  <Badge variant={d.isActive ? 'success' : 'secondary'}>
                    {t(d.isActive ? 'admin.state.active' : 'admin.state.inactive')}
                  </Badge>
                </td>
                <td className="px-3 py-2">
                  <Badge variant={d.isVerified ? 'default' : 'outline'}>
                    {t(d.isVerified ? 'admin.state.verified' : 'admin.state.pending')}
                  </Badge>
                </td>
                <td className="px-3 py-2">{d.consultationFee ? f.money(d.consultationFee) : '—'}</td>
                <td className="px-3 py-2">
                  <Completeness value={d.profileCompleteness} />
                </td>
                <td className="px-3 py-2">
                  <div className="flex items-center gap-x-4 gap-y-2">
                    <AccountSwitches
                      list="doctors"
                      id={d.id}
                      name={name}
                      isActive={d.isActive}
                      isVerified={d.isVerified}
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
