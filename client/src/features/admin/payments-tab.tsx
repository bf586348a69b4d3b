import { Eye } from 'lucide-react';
import { useCallback, useState } from 'react';
import { textsFor } from '../../lib/i18n/areas';
import { useWhen } from '../../lib/i18n/use-when';
import { useFormats } from '../../lib/i18n/use-formats';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { useAdminList } from './api';
import { ErrorRow } from './error-row';
import { Loading, Pager, SearchBox, Table, TableMessage } from './list-controls';
import { PaymentDialog } from './payment-dialog';
import { doctorTitle, paymentBadge } from './payment-status';
import { ReportSales } from './report-sales';

const useT = textsFor('admin');

const HEAD = [
  'admin.payments.head.transaction',
  'admin.payments.head.receipt',
  'admin.payment.patient',
  'admin.payment.doctor',
  'admin.payment.amount',
  'admin.head.status',
  'admin.payments.head.date',
  'admin.head.actions',
] as const;

export function PaymentsTab() {
  const t = useT();
  const f = useFormats();
  const dates = useWhen();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const list = useAdminList('payments', { q, page, pageSize: 20 });
  const onSearch = useCallback((text: string) => {
    setQ(text);
    setPage(1);
  }, []);

  return (
    <section aria-label={t('admin.tabs.payments')} className="flex flex-col gap-3">
      <SearchBox label={t('admin.payments.search')} onSearch={onSearch} />
      <Table caption={t('admin.tabs.payments')} head={HEAD.map((h) => t(h))}>
        {list.isPending ? (
          <Loading columns={HEAD.length} />
        ) : list.isError ? (
          <ErrorRow columns={HEAD.length} error={list.error} />
        ) : list.data.items.length === 0 ? (
          <TableMessage columns={HEAD.length}>{t('admin.payments.empty')}</TableMessage>
        ) : (
          list.data.items.map((p) => {
            const badge = paymentBadge(p.status);
            return (
              <tr key={p.id}>
                <td className="px-3 py-2 font-mono text-xs" title={p.id}>
                  {p.id.slice(0, 8)}
                </td>
                <td className="px-3 py-2 font-mono text-xs whitespace-nowrap" dir="ltr">
                  {p.receiptNumber ?? '—'}
                </td>
                <td className="px-3 py-2">{p.patientName}</td>
                <td className="px-3 py-2">{p.doctorName ? doctorTitle(p.doctorName) : '—'}</td>
                <td className="px-3 py-2">{f.money(p.amount)}</td>
                <td className="px-3 py-2">
                  <Badge variant={badge.variant}>{t(badge.label)}</Badge>
                </td>
                <td className="px-3 py-2 whitespace-nowrap">{dates.compactDate(p.createdAt)}</td>
                <td className="px-3 py-2">
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => setOpen(p.id)}
                    aria-label={t('admin.payments.viewName', { id: p.id.slice(0, 8) })}
                  >
                    <Eye className="h-4 w-4" aria-hidden /> {t('admin.payments.view')}
                  </Button>
                </td>
              </tr>
            );
          })
        )}
      </Table>
      {list.data && <Pager {...list.data} onPage={setPage} />}
      <PaymentDialog id={open} onClose={() => setOpen(null)} />
      <ReportSales />
    </section>
  );
}
