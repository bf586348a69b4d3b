import { Download } from 'lucide-react';
import { formatMoney } from '@common/rules/fees';
import { cn } from '../../lib/cn';
import { buttonClass } from '../../ui/button-class';
import { ReceiptLink } from '../../ui/receipt-link';
import { useReportPurchases } from './api';
import { formatDay } from './format';
import { offerFor } from './report-tiers';

/** The buyer's reports still within their access period, each downloadable again. */
export function MyReports() {
  const purchases = useReportPurchases(true);
  if (!purchases.data?.length) return null;
  return (
    <section aria-labelledby="my-reports-title" className="rounded-xl border border-line bg-white p-4 shadow-sm">
      <h2 id="my-reports-title" className="text-lg font-semibold text-ink">
        Your reports
      </h2>
      <ul className="mt-2 divide-y divide-line">
        {purchases.data.map((p) => (
          <li key={p.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <p className="font-medium text-ink">
                {offerFor(p.reportType).name} · {formatMoney(p.amount)}
              </p>
              <p className="text-sm text-muted">
                Bought {formatDay(p.purchasedAt!)} · available until {formatDay(p.expiresAt!)}
              </p>
            </div>
            <div className="flex flex-wrap gap-2 self-start sm:self-auto">
              <a href={p.downloadUrl!} download className={cn(buttonClass('outline', 'sm'))}>
                <Download className="h-4 w-4" aria-hidden /> Download PDF
              </a>
              {p.receiptId && <ReceiptLink receiptId={p.receiptId} />}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
