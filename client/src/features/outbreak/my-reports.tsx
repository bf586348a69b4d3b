import { Download } from 'lucide-react';
import { cn } from '../../lib/cn';
import { textsFor } from '../../lib/i18n/areas';
import { buttonClass } from '../../ui/button-class';
import { ReceiptLink } from '../../ui/receipt-link';
import { useReportPurchases } from './api';
import { useOutbreakWords } from './format';
import { offerFor } from './report-tiers';

const useT = textsFor('outbreak');

/** The buyer's reports still within their access period, each downloadable again. */
export function MyReports() {
  const t = useT();
  const words = useOutbreakWords();
  const purchases = useReportPurchases(true);
  if (!purchases.data?.length) return null;
  return (
    <section aria-labelledby="my-reports-title" className="rounded-xl border border-line bg-white p-4 shadow-sm">
      <h2 id="my-reports-title" className="text-lg font-semibold text-ink">
        {t('outbreak.reports.title')}
      </h2>
      <ul className="mt-2 divide-y divide-line">
        {purchases.data.map((p) => (
          <li key={p.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <p className="font-medium text-ink">
                {t(offerFor(p.reportType).name)} · {words.f.money(p.amount)}
              </p>
              <p className="text-sm text-muted">
                {t('outbreak.reports.bought', { bought: words.day(p.purchasedAt!), until: words.day(p.expiresAt!) })}
              </p>
            </div>
            <div className="flex flex-wrap gap-2 self-start sm:self-auto">
              <a href={p.downloadUrl!} download className={cn(buttonClass('outline', 'sm'))}>
                <Download className="h-4 w-4" aria-hidden /> {t('outbreak.reports.download')}
              </a>
              {p.receiptId && <ReceiptLink receiptId={p.receiptId} />}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
