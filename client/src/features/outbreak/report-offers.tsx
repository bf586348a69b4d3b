import { Check, Download, FileText } from 'lucide-react';
import { Link } from 'react-router';
import { REPORT_ACCESS_DAYS } from '@common/constants/outbreak';
import { cn } from '../../lib/cn';
import { textsFor } from '../../lib/i18n/areas';
import { useFormats } from '../../lib/i18n/use-formats';
import { buttonClass } from '../../ui/button-class';
import { useReportPurchases } from './api';
import { useOutbreakWords } from './format';
import { TIER_OFFERS } from './report-tiers';

const useT = textsFor('outbreak');

/**
 * The three tiers; with out-of-date data the offer says so before anyone reaches the checkout. A
 * tier the reader already owns (paid, within its access days) offers its download, not a second sale.
 */
export function ReportOffers({ outOfDate }: { outOfDate: boolean }) {
  const t = useT();
  const f = useFormats();
  const words = useOutbreakWords();
  const owned = new Map((useReportPurchases(true).data ?? []).map((p) => [p.reportType, p]));
  return (
    <section aria-labelledby="report-offers-title" className="flex flex-col gap-4">
      <div>
        <h2 id="report-offers-title" className="flex items-center gap-2 text-xl font-semibold text-ink">
          <FileText className="h-5 w-5 text-brand-700" aria-hidden /> {t('outbreak.offers.title')}
        </h2>
        <p className="text-sm text-muted">{t('outbreak.offers.intro', { days: REPORT_ACCESS_DAYS })}</p>
        {outOfDate && <p className="mt-1 text-sm font-medium text-amber-900">{t('outbreak.offers.outOfDate')}</p>}
      </div>
      <div className="grid gap-4 md:grid-cols-3">
        {TIER_OFFERS.map((offer) => {
          const name = t(offer.name);
          const mine = owned.get(offer.tier);
          return (
            <div
              key={offer.tier}
              className={cn(
                'relative flex flex-col gap-3 rounded-xl border bg-white p-5 shadow-sm',
                offer.popular ? 'border-brand-700 ring-1 ring-brand-700' : 'border-line',
              )}
            >
              {offer.popular && (
                <span className="absolute -top-3 start-5 rounded-full bg-brand-700 px-2.5 py-0.5 text-xs font-semibold text-white">
                  {t('outbreak.offers.popular')}
                </span>
              )}
              <h3 className="text-lg font-semibold text-ink">{name}</h3>
              <div className="text-3xl font-bold text-ink">{f.money(offer.price)}</div>
              <p className="text-xs text-muted">{t('outbreak.offers.access', { days: REPORT_ACCESS_DAYS })}</p>
              <ul className="flex flex-col gap-1.5 text-sm text-ink">
                {offer.features.map((feature) => (
                  <li key={feature} className="flex items-start gap-2">
                    <Check className="mt-0.5 h-4 w-4 shrink-0 text-success" aria-hidden /> {t(feature)}
                  </li>
                ))}
              </ul>
              {mine?.downloadUrl ? (
                <>
                  <p className="mt-auto text-sm font-medium text-success">
                    {t('outbreak.offers.owned', { until: words.day(mine.expiresAt!) })}
                  </p>
                  <a
                    href={mine.downloadUrl}
                    download
                    className={cn(buttonClass('outline'), 'w-full')}
                    aria-label={t('outbreak.offers.downloadAgainName', { name })}
                  >
                    <Download className="h-4 w-4" aria-hidden /> {t('outbreak.offers.downloadAgain')}
                  </a>
                </>
              ) : (
                <Link
                  to={`/outbreak-pdf-checkout?reportType=${offer.tier}`}
                  className={cn(buttonClass(offer.popular ? 'primary' : 'outline'), 'mt-auto w-full')}
                  aria-label={t('outbreak.offers.purchaseName', { name })}
                >
                  {t('outbreak.offers.purchase')}
                </Link>
              )}
            </div>
          );
        })}
      </div>
    </section>
  );
}
