import { MapPin } from 'lucide-react';
import { OUTBREAK_STALE_AFTER_DAYS } from '@common/constants/outbreak';
import { isOutOfDate } from '@common/rules/outbreak-figures';
import type { OutbreakCase } from '@common/schemas/outbreak';
import { cn } from '../../lib/cn';
import { textsFor } from '../../lib/i18n/areas';
import { Badge } from '../../ui/badge';
import { SEVERITY_STYLES, useOutbreakWords } from './format';

const useT = textsFor('outbreak');

export function CaseCard({ outbreak }: { outbreak: OutbreakCase }) {
  const t = useT();
  const words = useOutbreakWords();
  const style = SEVERITY_STYLES[outbreak.severity];
  const severity = words.severity(outbreak.severity);
  // Disease, place and agency names are the source's own (English); the page says so once.
  const place =
    outbreak.location && outbreak.location !== outbreak.country
      ? `${outbreak.location}, ${outbreak.country}`
      : outbreak.country;
  const figures: [string, number | null][] = [
    [t('outbreak.figure.confirmed'), outbreak.confirmedCases],
    [t('outbreak.figure.active'), outbreak.activeCases],
    [t('outbreak.figure.recovered'), outbreak.recoveredCases],
    [t('outbreak.figure.deaths'), outbreak.deaths],
  ];
  const runningTotal = outbreak.scope === 'running-total';
  const old = isOutOfDate(outbreak.lastUpdated, new Date());
  return (
    <article
      className={cn('flex flex-col gap-3 rounded-xl border border-s-4 border-line p-4 shadow-sm', style.card)}
      aria-label={t('outbreak.case.label', { disease: outbreak.diseaseName, country: outbreak.country, severity })}
    >
      <div className="flex items-start justify-between gap-3">
        <h3 className="text-base leading-snug font-semibold text-ink" dir="auto">
          {outbreak.diseaseName}
        </h3>
        <span className={cn('shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold', style.badge)}>{severity}</span>
      </div>
      <p className="flex items-start gap-1.5 text-sm text-muted">
        <MapPin className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        <span dir="auto">{place}</span>
      </p>
      {runningTotal && (
        <p className="text-xs text-slate-700">
          <Badge variant="secondary">{words.runningTotal(outbreak)}</Badge> {t('outbreak.case.notAdded')}
        </p>
      )}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        {figures.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-2">
            <dt className="text-muted">{label}</dt>
            <dd className="font-medium text-ink tabular-nums">{words.count(value)}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-auto flex flex-wrap items-center gap-2 border-t border-line/70 pt-2 text-xs text-muted">
        <p>
          <time dateTime={outbreak.lastUpdated}>
            {t('outbreak.case.asOf', { agency: outbreak.sourceAgency, day: words.day(outbreak.lastUpdated) })}
          </time>
        </p>
        {old && <Badge variant="warning">{t('outbreak.case.old', { days: OUTBREAK_STALE_AFTER_DAYS })}</Badge>}
      </div>
    </article>
  );
}
