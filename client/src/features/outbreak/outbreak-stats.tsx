import { Activity, HeartPulse, ShieldCheck, Skull } from 'lucide-react';
import type { OutbreakFigure } from '@common/constants/outbreak';
import { figureReach, figureSource } from '@common/rules/outbreak-figures';
import type { OutbreakStatistics } from '@common/schemas/outbreak';
import { formatCount, formatDay } from './format';

/**
 * The four totals, each added over the country outbreaks that report it and labelled with how many
 * do, who reported them and when, so 5 active cases beside millions confirmed reads as what it is.
 */
export function OutbreakStats({ stats }: { stats: OutbreakStatistics }) {
  const tiles: {
    figure: OutbreakFigure;
    label: string;
    value: number | string;
    icon: typeof Activity;
    tone: string;
  }[] = [
    { figure: 'confirmed', label: 'Confirmed cases', value: stats.totalCases, icon: Activity, tone: 'text-brand-700' },
    { figure: 'active', label: 'Active cases', value: stats.activeCases, icon: HeartPulse, tone: 'text-orange-600' },
    {
      figure: 'recovered',
      label: 'Recovered',
      value: stats.totalRecovered,
      icon: ShieldCheck,
      tone: 'text-green-700',
    },
    { figure: 'deaths', label: 'Deaths', value: stats.totalDeaths, icon: Skull, tone: 'text-red-700' },
  ];
  const outbreaks = `${stats.outbreakCount} country outbreak${stats.outbreakCount === 1 ? '' : 's'}`;
  return (
    <section aria-labelledby="totals-title" className="flex flex-col gap-3">
      <div>
        <h2 id="totals-title" className="text-xl font-semibold text-ink">
          Totals of {outbreaks}
        </h2>
        <p className="text-sm text-muted">
          {stats.approximate ? 'Approximate totals. ' : ''}Each figure adds up the outbreaks that report it.
          {stats.runningTotalCount > 0 &&
            ` ${stats.runningTotalCount} worldwide or cumulative total${stats.runningTotalCount === 1 ? ' is' : 's are'} shown below but not added: they count the same people again.`}
        </p>
      </div>
      <div aria-label="Outbreak statistics" role="region" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {tiles.map(({ figure, label, value, icon: Icon, tone }) => {
          const coverage = stats.coverage[figure];
          return (
            <div key={figure} className="flex gap-3 rounded-xl border border-line bg-white p-3 shadow-sm sm:p-4">
              <Icon className={`h-6 w-6 shrink-0 sm:h-8 sm:w-8 ${tone}`} aria-hidden />
              <div className="min-w-0">
                <p className="text-sm font-medium text-muted">{label}</p>
                {/* A figure, not a paragraph posing as a heading (axe p-as-heading). */}
                <div className="text-xl font-bold break-words text-ink tabular-nums sm:text-2xl">
                  {coverage.reporting === 0 ? '—' : formatCount(value)}
                </div>
                <p className="text-xs text-muted">In {figureReach(coverage, stats.outbreakCount)}</p>
                <p className="text-xs text-muted">{figureSource(coverage, formatDay)}</p>
              </div>
            </div>
          );
        })}
      </div>
    </section>
  );
}
