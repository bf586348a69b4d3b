import { useCallback, useState } from 'react';
import { textsFor } from '../../lib/i18n/areas';
import { useWhen } from '../../lib/i18n/use-when';
import { useFormats } from '../../lib/i18n/use-formats';
import { Badge } from '../../ui/badge';
import { ErrorRow } from './error-row';
import { useAdminList } from './api';
import { Loading, Pager, SearchBox, Table, TableMessage } from './list-controls';
import { AccountSwitches } from './account-switches';
import { WalletCreditDialog } from './wallet-credit-dialog';
import { canCreditWallet } from './wallet-credit-form';

const useT = textsFor('admin');

const HEAD = [
  'admin.users.head.user',
  'admin.users.head.wallet',
  'admin.users.head.email',
  'admin.users.head.type',
  'admin.head.status',
  'admin.head.verified',
  'admin.users.head.joined',
  'admin.head.actions',
] as const;
const ROLES = ['patient', 'doctor', 'admin'] as const;
const isRole = (role: string): role is (typeof ROLES)[number] => (ROLES as readonly string[]).includes(role);

export function UsersTab() {
  const t = useT();
  const f = useFormats();
  const dates = useWhen();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const list = useAdminList('users', { q, page, pageSize: 20 });
  const onSearch = useCallback((text: string) => {
    setQ(text);
    setPage(1);
  }, []);

  return (
    <section aria-label={t('admin.tabs.users')} className="flex flex-col gap-3">
      <SearchBox label={t('admin.users.search')} onSearch={onSearch} />
      <Table caption={t('admin.tabs.users')} head={HEAD.map((h) => t(h))}>
        {list.isPending ? (
          <Loading columns={HEAD.length} />
        ) : list.isError ? (
          <ErrorRow columns={HEAD.length} error={list.error} />
        ) : list.data.items.length === 0 ? (
          <TableMessage columns={HEAD.length}>{t('admin.users.empty')}</TableMessage>
        ) : (
          list.data.items.map((u) => {
            const name = `${u.firstName} ${u.lastName}`;
            return (
              <tr key={u.id}>
                <td className="px-3 py-2 font-medium whitespace-nowrap text-ink">{name}</td>
                <td className="px-3 py-2 whitespace-nowrap">
                  <div>{t('admin.users.wallet', { amount: f.money(u.walletBalance) })}</div>
                  <div className="text-xs text-muted">{t('admin.users.spent', { amount: f.money(u.totalSpent) })}</div>
                </td>
                <td className="px-3 py-2 whitespace-nowrap">
                  <span dir="ltr">{u.email}</span>
                </td>
                <td className="px-3 py-2">{isRole(u.userType) ? t(`admin.role.${u.userType}`) : u.userType}</td>
                <td className="px-3 py-2">
                  <Badge variant={u.isActive ? 'success' : 'secondary'}>
                    {t(u.isActive ? 'admin.state.active' : 'admin.state.inactive')}
                  </Badge>
                </td>
                <td className="px-3 py-2">
                  <Badge variant={u.isVerified ? 'default' : 'outline'}>
                    {t(u.isVerified ? 'admin.state.verified' : 'admin.state.pending')}
                  </Badge>
                </td>
                <td className="px-3 py-2 whitespace-nowrap">{dates.compactDate(u.createdAt)}</td>
                <td className="px-3 py-2">
                  <div className="flex items-center gap-x-4 gap-y-2">
                    <AccountSwitches
                      list="users"
                      id={u.id}
                      name={name}
                      isActive={u.isActive}
                      isVerified={u.isVerified}
                    />
                    {canCreditWallet(u) && <WalletCreditDialog user={u} />}
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
