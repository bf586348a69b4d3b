import { useCallback, useState } from 'react';
import type { ClientMessageKey } from '@common/i18n/keys';
import type { AdminReportSaleRow } from '@common/schemas/admin';
import { textsFor } from '../../lib/i18n/areas';
import { useFormats } from '../../lib/i18n/use-formats';
import { useWhen } from '../../lib/i18n/use-when';
import { Badge, type BadgeVariant } from '../../ui/badge';
import { useAdminList } from './api';
import { ErrorRow } from './error-row';
import { Loading, Pager, SearchBox, Table, TableMessage } from './list-controls';

const useT = textsFor('admin');

const HEAD = [
  'admin.reportSales.head.sale',
  'admin.payments.head.receipt',
  'admin.reportSales.head.buyer',
  'admin.reportSales.head.report',
  'admin.payment.amount',
  'admin.head.status',
  'admin.payments.head.date',
] as const;

const TIER: Record<AdminReportSaleRow['tier'], ClientMessageKey> = {
  summary: 'admin.reportSales.tier.summary',
  full: 'admin.reportSales.tier.full',
  detailed: 'admin.reportSales.tier.detailed',
};

const STATUS: Record<AdminReportSaleRow['status'], { label: ClientMessageKey; variant: BadgeVariant }> = {
  paid: { label: 'admin.payment.completed', variant: 'success' },
  pending: { label: 'admin.payment.pending', variant: 'warning' },
  failed: { label: 'admin.payment.failed', variant: 'destructive' },
};

/**
 * The outbreak reports sold, beside the consultations' payments: the other half of the revenue
 * figure, so the totals can be reconciled with rows.
 */
export function ReportSales() {
  const t = useT();
  const f = useFormats();
  const dates = useWhen();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const list = useAdminList('report-sales', { q, page, pageSize: 20 });
  const onSearch = useCallback((text: string) => {
    setQ(text);
    setPage(1);
  }, []);

  return (
    <section aria-labelledby="report-sales-title" className="flex flex-col gap-3">
      <div>
        <h2 id="report-sales-title" className="text-lg font-semibold text-ink">
          {t('admin.reportSales.title')}
        </h2>
        <p className="text-sm text-muted">{t('admin.reportSales.intro')}</p>
      </div>
      <SearchBox label={t('admin.reportSales.search')} onSearch={onSearch} />
      <Table caption={t('admin.reportSales.title')} head={HEAD.map((h) => t(h))}>
        {list.isPending ? (
          <Loading columns={HEAD.length} />
        ) : list.isError ? (
          <ErrorRow columns={HEAD.length} error={list.error} />
        ) : list.data.items.length === 0 ? (
          <TableMessage columns={HEAD.length}>{t('admin.reportSales.empty')}</TableMessage>
        ) : (
          list.data.items.map((s) => (
            <tr key={s.id}>
              <td className="px-3 py-2 font-mono text-xs" title={s.id}>
                {s.id.slice(0, 8)}
              </td>
              <td className="px-3 py-2 font-mono text-xs whitespace-nowrap" dir="ltr">
                {s.receiptNumber ?? '—'}
              </td>
              <td className="px-3 py-2">
                <span className="block">{s.buyerName}</span>
                <span className="block text-xs text-muted" dir="ltr">
                  {s.buyerEmail}
                </span>
              </td>
              <td className="px-3 py-2">
                <Badge variant="secondary">{t('admin.reportSales.kind')}</Badge>{' '}
                <span className="whitespace-nowrap">{t(TIER[s.tier])}</span>
              </td>
              <td className="px-3 py-2">{f.money(s.amount)}</td>
              <td className="px-3 py-2">
                <Badge variant={STATUS[s.status].variant}>{t(STATUS[s.status].label)}</Badge>
              </td>
              <td className="px-3 py-2 whitespace-nowrap">{dates.compactDate(s.purchasedAt ?? s.createdAt)}</td>
            </tr>
          ))
        )}
      </Table>
      {list.data && <Pager {...list.data} onPage={setPage} />}
    </section>
  );
}
