import { Activity, HeartPulse, ShieldCheck, Skull } from 'lucide-react';
import type { OutbreakFigure } from '@common/constants/outbreak';
import type { OutbreakStatistics } from '@common/schemas/outbreak';
import { textsFor } from '../../lib/i18n/areas';
import { useOutbreakWords } from './format';

const useT = textsFor('outbreak');

/**
 * The four totals, each added over the country outbreaks that report it and labelled with how many
 * do, who reported them and when, so 5 active cases beside millions confirmed reads as what it is.
 */
export function OutbreakStats({ stats }: { stats: OutbreakStatistics }) {
  const t = useT();
  const words = useOutbreakWords();
  const tiles: {
    figure: OutbreakFigure;
    label: string;
    value: number | string;
    icon: typeof Activity;
    tone: string;
  }[] = [
    {
      figure: 'confirmed',
      label: t('outbreak.stats.confirmed'),
      value: stats.totalCases,
      icon: Activity,
      tone: 'text-brand-700',
    },
    {
      figure: 'active',
      label: t('outbreak.stats.active'),
      value: stats.activeCases,
      icon: HeartPulse,
      tone: 'text-orange-600',
    },
    {
      figure: 'recovered',
      label: t('outbreak.figure.recovered'),
      value: stats.totalRecovered,
      icon: ShieldCheck,
      tone: 'text-green-700',
    },
    {
      figure: 'deaths',
      label: t('outbreak.figure.deaths'),
      value: stats.totalDeaths,
      icon: Skull,
      tone: 'text-red-700',
    },
  ];
  const intro = [
    stats.approximate ? t('outbreak.stats.approximate') : '',
    t('outbreak.stats.eachFigure'),
    stats.runningTotalCount > 0 ? t('outbreak.stats.runningTotals', { count: stats.runningTotalCount }) : '',
  ];
  return (
    <section aria-labelledby="totals-title" className="flex flex-col gap-3">
      <div>
        <h2 id="totals-title" className="text-xl font-semibold text-ink">
          {t('outbreak.stats.title', { count: stats.outbreakCount })}
        </h2>
        <p className="text-sm text-muted">{intro.filter(Boolean).join(' ')}</p>
      </div>
      <div aria-label={t('outbreak.stats.label')} role="region" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {tiles.map(({ figure, label, value, icon: Icon, tone }) => {
          const coverage = stats.coverage[figure];
          return (
            <div key={figure} className="flex gap-3 rounded-xl border border-line bg-white p-3 shadow-sm sm:p-4">
              <Icon className={`h-6 w-6 shrink-0 sm:h-8 sm:w-8 ${tone}`} aria-hidden />
              <div className="min-w-0">
                <p className="text-sm font-medium text-muted">{label}</p>
                {/* A figure, not a paragraph posing as a heading (axe p-as-heading). */}
                <div className="text-xl font-bold break-words text-ink tabular-nums sm:text-2xl">
                  {coverage.reporting === 0 ? '—' : words.count(value)}
                </div>
                <p className="text-xs text-muted">{words.figureReach(coverage, stats.outbreakCount)}</p>
                <p className="text-xs text-muted">{words.figureSource(coverage)}</p>
              </div>
            </div>
          );
        })}
      </div>
    </section>
  );
}
