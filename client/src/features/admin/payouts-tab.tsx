import { useState } from 'react';
import { PAYOUT_STATUSES } from '@common/constants/statuses';
import { formatMoney } from '@common/rules/fees';
import { errorMessage } from '../../lib/api';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Select } from '../../ui/input';
import { toast } from '../../ui/toast-store';
import { useAdminList, useMarkPayout } from './api';
import { ErrorRow } from './error-row';
import { Loading, Pager, shortDate, Table, TableMessage } from './list-controls';

const HEAD = ['Doctor', 'Amount', 'Method', 'Account', 'Requested', 'Status', 'Actions'];
const VARIANT = { pending: 'warning', paid: 'success', failed: 'destructive' } as const;

export function PayoutsTab() {
  const [status, setStatus] = useState<string>('pending');
  const [page, setPage] = useState(1);
  const list = useAdminList('payouts', { status, page, pageSize: 20 });
  const mark = useMarkPayout();

  const settle = (id: string, doctor: string, amount: number, outcome: 'paid' | 'failed') => {
    let reason: string | undefined;
    if (outcome === 'failed') {
      reason = window.prompt(`Why did the payout to Dr. ${doctor} fail?`)?.trim();
      if (!reason) return;
    }
    mark.mutate(
      { id, outcome, reason },
      {
        onSuccess: () =>
          toast({
            title: outcome === 'paid' ? 'Payout Marked Paid' : 'Payout Marked Failed',
            description:
              outcome === 'paid'
                ? `${formatMoney(amount)} to Dr. ${doctor} is paid.`
                : `${formatMoney(amount)} is available to Dr. ${doctor} again.`,
            variant: 'success',
          }),
        onError: (e) =>
          toast({ title: 'Error', description: errorMessage(e, 'Failed to update payout'), variant: 'destructive' }),
      },
    );
  };

  return (
    <section aria-label="Payouts" className="flex flex-col gap-3">
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
            <option value="">All payouts</option>
            {PAYOUT_STATUSES.map((s) => (
              <option key={s} value={s} className="capitalize">
                {s[0].toUpperCase() + s.slice(1)}
              </option>
            ))}
          </Select>
        </div>
      </label>
      <Table caption="Payout requests" head={HEAD}>
        {list.isPending ? (
          <Loading columns={HEAD.length} />
        ) : list.isError ? (
          <ErrorRow columns={HEAD.length} error={list.error} />
        ) : list.data.items.length === 0 ? (
          <TableMessage columns={HEAD.length}>No payout requests.</TableMessage>
        ) : (
          list.data.items.map((p) => (
            <tr key={p.id}>
              <td className="px-3 py-2 font-medium text-ink">Dr. {p.doctorName}</td>
              <td className="px-3 py-2">{formatMoney(p.amount)}</td>
              <td className="px-3 py-2">{p.payoutMethod.replace('_', ' ')}</td>
              <td className="px-3 py-2">{p.bankAccount ?? '—'}</td>
              <td className="px-3 py-2 whitespace-nowrap">{shortDate(p.requestedAt)}</td>
              <td className="px-3 py-2">
                <Badge variant={VARIANT[p.status]} className="capitalize">
                  {p.status}
                </Badge>
                {p.failureReason && <div className="mt-1 text-xs text-muted">{p.failureReason}</div>}
              </td>
              <td className="px-3 py-2">
                {p.status === 'pending' ? (
                  <div className="flex gap-2">
                    <Button
                      size="sm"
                      disabled={mark.isPending}
                      onClick={() => settle(p.id, p.doctorName, p.amount, 'paid')}
                    >
                      Mark paid
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={mark.isPending}
                      onClick={() => settle(p.id, p.doctorName, p.amount, 'failed')}
                    >
                      Mark failed
                    </Button>
                  </div>
                ) : (
                  <span className="text-xs text-muted">{shortDate(p.paidAt ?? p.failedAt ?? p.requestedAt)}</span>
                )}
              </td>
            </tr>
          ))
        )}
      </Table>
      {list.data && <Pager {...list.data} onPage={setPage} />}
    </section>
  );
}
