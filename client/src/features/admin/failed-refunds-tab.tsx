import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { textsFor } from '../../lib/i18n/areas';
import { useWhen } from '../../lib/i18n/use-when';
import { useFormats } from '../../lib/i18n/use-formats';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toast-store';
import { useAdminList, useSettleFailedRefund } from './api';
import { ErrorRow } from './error-row';
import { Loading, Pager, Table, TableMessage } from './list-controls';

const useT = textsFor('admin');

const HEAD = [
  'admin.payment.patient',
  'admin.payment.amount',
  'admin.refunds.head.failedAt',
  'admin.refunds.head.attempts',
  'admin.head.actions',
] as const;

/**
 * "Refunds that failed": card refunds the processor would not make (decision 072). Each waits
 * here, its money owed to the patient, until an administrator asks the processor again or
 * closes it by hand with a note of what was done.
 */
export function FailedRefundsTab() {
  const t = useT();
  const f = useFormats();
  const dates = useWhen();
  const [page, setPage] = useState(1);
  const list = useAdminList('refunds/failed', { page, pageSize: 20 });
  const settle = useSettleFailedRefund();

  const act = (id: string, patient: string, amount: number, action: 'retry' | 'resolve') => {
    let note: string | undefined;
    if (action === 'resolve') {
      note = window.prompt(t('admin.refunds.how', { patient, amount: f.money(amount) }))?.trim();
      if (!note) return;
    }
    settle.mutate(
      { id, action, note },
      {
        onSuccess: (payment) =>
          toast({
            title: t(
              action === 'resolve'
                ? 'admin.refunds.resolved'
                : payment.status === 'refunded'
                  ? 'admin.refunds.retried'
                  : 'admin.refunds.retryPending',
            ),
            description: t('admin.refunds.text', { amount: f.money(amount), patient }),
            variant: action === 'retry' && payment.status === 'refund_failed' ? 'destructive' : 'success',
          }),
        onError: (e) =>
          toast({
            title: t('admin.error'),
            description: errorMessage(e, t('admin.refunds.updateFailed')),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <section aria-label={t('admin.tabs.refunds')} className="flex flex-col gap-3">
      <p className="text-sm text-muted">{t('admin.refunds.intro')}</p>
      <Table caption={t('admin.refunds.caption')} head={HEAD.map((h) => t(h))}>
        {list.isPending ? (
          <Loading columns={HEAD.length} />
        ) : list.isError ? (
          <ErrorRow columns={HEAD.length} error={list.error} />
        ) : list.data.items.length === 0 ? (
          <TableMessage columns={HEAD.length}>{t('admin.refunds.empty')}</TableMessage>
        ) : (
          list.data.items.map((r) => (
            <tr key={r.paymentId}>
              <td className="px-3 py-2">
                <div className="font-medium text-ink">{r.patientName}</div>
                <div className="text-xs text-muted" dir="ltr">
                  {r.patientEmail}
                </div>
              </td>
              <td className="px-3 py-2">{f.money(r.amount)}</td>
              <td className="px-3 py-2 whitespace-nowrap">{dates.compactDate(r.failedAt)}</td>
              <td className="px-3 py-2">{t('admin.refunds.attempts', { failures: r.failures, retries: r.retries })}</td>
              <td className="px-3 py-2">
                <div className="flex gap-2">
                  <Button
                    size="sm"
                    disabled={settle.isPending}
                    onClick={() => act(r.paymentId, r.patientName, r.amount, 'retry')}
                  >
                    {t('admin.refunds.retry')}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={settle.isPending}
                    onClick={() => act(r.paymentId, r.patientName, r.amount, 'resolve')}
                  >
                    {t('admin.refunds.resolve')}
                  </Button>
                </div>
              </td>
            </tr>
          ))
        )}
      </Table>
      {list.data && <Pager {...list.data} onPage={setPage} />}
    </section>
  );
}
