import { MapPin } from 'lucide-react';
import { OUTBREAK_STALE_AFTER_DAYS } from '@common/constants/outbreak';
import { isOutOfDate, runningTotalLabel } from '@common/rules/outbreak-figures';
import type { OutbreakCase } from '@common/schemas/outbreak';
import { cn } from '../../lib/cn';
import { Badge } from '../../ui/badge';
import { formatCount, formatDay, SEVERITY_STYLES } from './format';

export function CaseCard({ outbreak }: { outbreak: OutbreakCase }) {
  const style = SEVERITY_STYLES[outbreak.severity];
  const place =
    outbreak.location && outbreak.location !== outbreak.country
      ? `${outbreak.location}, ${outbreak.country}`
      : outbreak.country;
  const figures: [string, number | null][] = [
    ['Confirmed', outbreak.confirmedCases],
    ['Active', outbreak.activeCases],
    ['Recovered', outbreak.recoveredCases],
    ['Deaths', outbreak.deaths],
  ];
  const runningTotal = outbreak.scope === 'running-total';
  const old = isOutOfDate(outbreak.lastUpdated, new Date());
  return (
    <article
      className={cn('flex flex-col gap-3 rounded-xl border border-s-4 border-line p-4 shadow-sm', style.card)}
      aria-label={`${outbreak.diseaseName} in ${outbreak.country}, severity ${style.label}`}
    >
      <div className="flex items-start justify-between gap-3">
        <h3 className="text-base leading-snug font-semibold text-ink">{outbreak.diseaseName}</h3>
        <span className={cn('shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold', style.badge)}>
          {style.label}
        </span>
      </div>
      <p className="flex items-start gap-1.5 text-sm text-muted">
        <MapPin className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        {place}
      </p>
      {runningTotal && (
        <p className="text-xs text-slate-700">
          <Badge variant="secondary">{runningTotalLabel(outbreak)}</Badge> Not added to the totals above.
        </p>
      )}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        {figures.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-2">
            <dt className="text-muted">{label}</dt>
            <dd className="font-medium text-ink tabular-nums">{formatCount(value)}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-auto flex flex-wrap items-center gap-2 border-t border-line/70 pt-2 text-xs text-muted">
        <p>
          {outbreak.sourceAgency}, as of <time dateTime={outbreak.lastUpdated}>{formatDay(outbreak.lastUpdated)}</time>
        </p>
        {old && <Badge variant="warning">Older than {OUTBREAK_STALE_AFTER_DAYS} days</Badge>}
      </div>
    </article>
  );
}
