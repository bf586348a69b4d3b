import { useCallback, useState } from 'react';
import { formatMoney } from '@common/rules/fees';
import { Badge } from '../../ui/badge';
import { Switch } from '../../ui/switch';
import { ErrorRow } from './error-row';
import { useAdminList, useToggle } from './api';
import { Loading, Pager, SearchBox, shortDate, Table, TableMessage } from './list-controls';
import { ActiveSwitch } from './active-switch';
import { toggleCallbacks } from './toggle-messages';
import { WalletCreditDialog } from './wallet-credit-dialog';
import { canCreditWallet } from './wallet-credit-form';

const HEAD = ['User', 'Wallet & spending', 'Email', 'Type', 'Status', 'Verified', 'Joined', 'Actions'];

export function UsersTab() {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const list = useAdminList('users', { q, page, pageSize: 20 });
  const status = useToggle('users', 'status');
  const verify = useToggle('users', 'verify');
  const onSearch = useCallback((text: string) => {
    setQ(text);
    setPage(1);
  }, []);

  return (
    <section aria-label="Users" className="flex flex-col gap-3">
      <SearchBox label="Search users by name or email" onSearch={onSearch} />
      <Table caption="Users" head={HEAD}>
        {list.isPending ? (
          <Loading columns={HEAD.length} />
        ) : list.isError ? (
          <ErrorRow columns={HEAD.length} error={list.error} />
        ) : list.data.items.length === 0 ? (
          <TableMessage columns={HEAD.length}>No users found.</TableMessage>
        ) : (
          list.data.items.map((u) => {
            const name = `${u.firstName} ${u.lastName}`;
            return (
              <tr key={u.id}>
                <td className="px-3 py-2 font-medium whitespace-nowrap text-ink">{name}</td>
                <td className="px-3 py-2">
                  <div>Wallet {formatMoney(u.walletBalance)}</div>
                  <div className="text-xs text-muted">Spent {formatMoney(u.totalSpent)}</div>
                </td>
                <td className="px-3 py-2 whitespace-nowrap">{u.email}</td>
                <td className="px-3 py-2 capitalize">{u.userType}</td>
                <td className="px-3 py-2">
                  <Badge variant={u.isActive ? 'success' : 'secondary'}>{u.isActive ? 'Active' : 'Inactive'}</Badge>
                </td>
                <td className="px-3 py-2">
                  <Badge variant={u.isVerified ? 'default' : 'outline'}>{u.isVerified ? 'Verified' : 'Pending'}</Badge>
                </td>
                <td className="px-3 py-2 whitespace-nowrap">{shortDate(u.createdAt)}</td>
                <td className="px-3 py-2">
                  <div className="flex items-center gap-x-4 gap-y-2">
                    <ActiveSwitch
                      checked={u.isActive}
                      name={name}
                      disabled={status.isPending}
                      consequence={
                        'They are signed out everywhere and cannot sign in until the account is activated again.'
                      }
                      onChange={(value) =>
                        status.mutate(
                          { id: u.id, value },
                          toggleCallbacks('users/status', `${name} is now ${value ? 'active' : 'inactive'}.`),
                        )
                      }
                    />
                    <Switch
                      checked={u.isVerified}
                      label="Verified"
                      name={`${name} verified`}
                      disabled={verify.isPending}
                      onChange={(value) =>
                        verify.mutate(
                          { id: u.id, value },
                          toggleCallbacks('users/verify', `${name} is now ${value ? 'verified' : 'unverified'}.`),
                        )
                      }
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
