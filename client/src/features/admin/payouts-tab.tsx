import { useState } from 'react';
import { PAYOUT_STATUSES } from '@common/constants/statuses';
import { errorMessage } from '../../lib/api';
import { textsFor } from '../../lib/i18n/areas';
import { useWhen } from '../../lib/i18n/use-when';
import { useFormats } from '../../lib/i18n/use-formats';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Select } from '../../ui/input';
import { toast } from '../../ui/toast-store';
import { useAdminList, useMarkPayout } from './api';
import { ErrorRow } from './error-row';
import { Loading, Pager, Table, TableMessage } from './list-controls';
import { doctorTitle, useCodeName } from './payment-status';

const useT = textsFor('admin');

const HEAD = [
  'admin.payment.doctor',
  'admin.payment.amount',
  'admin.payouts.head.method',
  'admin.payouts.head.account',
  'admin.payouts.head.requested',
  'admin.head.status',
  'admin.head.actions',
] as const;
const VARIANT = { pending: 'warning', paid: 'success', failed: 'destructive' } as const;

export function PayoutsTab() {
  const t = useT();
  const f = useFormats();
  const dates = useWhen();
  const code = useCodeName();
  const [status, setStatus] = useState<string>('pending');
  const [page, setPage] = useState(1);
  const list = useAdminList('payouts', { status, page, pageSize: 20 });
  const mark = useMarkPayout();

  const settle = (id: string, doctor: string, amount: number, outcome: 'paid' | 'failed') => {
    let reason: string | undefined;
    if (outcome === 'failed') {
      reason = window.prompt(t('admin.payouts.why', { doctor }))?.trim();
      if (!reason) return;
    }
    mark.mutate(
      { id, outcome, reason },
      {
        onSuccess: () =>
          toast({
            title: t(outcome === 'paid' ? 'admin.payouts.markedPaid' : 'admin.payouts.markedFailed'),
            description: t(outcome === 'paid' ? 'admin.payouts.paidText' : 'admin.payouts.failedText', {
              amount: f.money(amount),
              doctor,
            }),
            variant: 'success',
          }),
        onError: (e) =>
          toast({
            title: t('admin.error'),
            description: errorMessage(e, t('admin.payouts.updateFailed')),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <section aria-label={t('admin.tabs.payouts')} className="flex flex-col gap-3">
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
            <option value="">{t('admin.payouts.all')}</option>
            {PAYOUT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`admin.status.${s}`)}
              </option>
            ))}
          </Select>
        </div>
      </label>
      <Table caption={t('admin.payouts.caption')} head={HEAD.map((h) => t(h))}>
        {list.isPending ? (
          <Loading columns={HEAD.length} />
        ) : list.isError ? (
          <ErrorRow columns={HEAD.length} error={list.error} />
        ) : list.data.items.length === 0 ? (
          <TableMessage columns={HEAD.length}>{t('admin.payouts.empty')}</TableMessage>
        ) : (
          list.data.items.map((p) => (
            <tr key={p.id}>
              <td className="px-3 py-2 font-medium text-ink">{doctorTitle(p.doctorName)}</td>
              <td className="px-3 py-2">{f.money(p.amount)}</td>
              <td className="px-3 py-2">{code(p.payoutMethod)}</td>
              <td className="px-3 py-2">
                <span dir="ltr">{p.bankAccount ?? '—'}</span>
              </td>
              <td className="px-3 py-2 whitespace-nowrap">{dates.compactDate(p.requestedAt)}</td>
              <td className="px-3 py-2">
                <Badge variant={VARIANT[p.status]}>{t(`admin.status.${p.status}`)}</Badge>
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
                      {t('admin.payouts.markPaid')}
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={mark.isPending}
                      onClick={() => settle(p.id, p.doctorName, p.amount, 'failed')}
                    >
                      {t('admin.payouts.markFailed')}
                    </Button>
                  </div>
                ) : (
                  <span className="text-xs text-muted">
                    {dates.compactDate(p.paidAt ?? p.failedAt ?? p.requestedAt)}
                  </span>
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
