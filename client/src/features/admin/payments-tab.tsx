import { Eye } from 'lucide-react';
import { useCallback, useState } from 'react';
import { formatMoney } from '@common/rules/fees';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { useAdminList } from './api';
import { ErrorRow } from './error-row';
import { Loading, Pager, SearchBox, shortDate, Table, TableMessage } from './list-controls';
import { PaymentDialog } from './payment-dialog';
import { paymentBadge } from './payment-status';

const HEAD = ['Transaction', 'Receipt', 'Patient', 'Doctor', 'Amount', 'Status', 'Date', 'Actions'];

export function PaymentsTab() {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const list = useAdminList('payments', { q, page, pageSize: 20 });
  const onSearch = useCallback((text: string) => {
    setQ(text);
    setPage(1);
  }, []);

  return (
    <section aria-label="Payments" className="flex flex-col gap-3">
      <SearchBox label="Search by transaction, patient or doctor" onSearch={onSearch} />
      <Table caption="Payments" head={HEAD}>
        {list.isPending ? (
          <Loading columns={HEAD.length} />
        ) : list.isError ? (
          <ErrorRow columns={HEAD.length} error={list.error} />
        ) : list.data.items.length === 0 ? (
          <TableMessage columns={HEAD.length}>No payments found.</TableMessage>
        ) : (
          list.data.items.map((p) => {
            const badge = paymentBadge(p.status);
            return (
              <tr key={p.id}>
                <td className="px-3 py-2 font-mono text-xs" title={p.id}>
                  {p.id.slice(0, 8)}
                </td>
                <td className="px-3 py-2 font-mono text-xs whitespace-nowrap">{p.receiptNumber ?? '—'}</td>
                <td className="px-3 py-2">{p.patientName}</td>
                <td className="px-3 py-2">{p.doctorName ? `Dr. ${p.doctorName}` : '—'}</td>
                <td className="px-3 py-2">{formatMoney(p.amount)}</td>
                <td className="px-3 py-2">
                  <Badge variant={badge.variant}>{badge.label}</Badge>
                </td>
                <td className="px-3 py-2 whitespace-nowrap">{shortDate(p.createdAt)}</td>
                <td className="px-3 py-2">
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => setOpen(p.id)}
                    aria-label={`View payment ${p.id.slice(0, 8)}`}
                  >
                    <Eye className="h-4 w-4" aria-hidden /> View
                  </Button>
                </td>
              </tr>
            );
          })
        )}
      </Table>
      {list.data && <Pager {...list.data} onPage={setPage} />}
      <PaymentDialog id={open} onClose={() => setOpen(null)} />
    </section>
  );
}
