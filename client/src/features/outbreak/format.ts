import { useCallback } from 'react';
import { OUTBREAK_STALE_AFTER_DAYS, type OutbreakSeverity } from '@common/constants/outbreak';
import { formatList } from '@common/i18n/format';
import { reportAge, runningTotalKind, type FigureCoverage } from '@common/rules/outbreak-figures';
import type { OutbreakCase } from '@common/schemas/outbreak';
import { textsFor } from '../../lib/i18n/areas';
import { useWhen } from '../../lib/i18n/use-when';
import { useFormats } from '../../lib/i18n/use-formats';

const useT = textsFor('outbreak');

/** Card and badge looks per severity: the colour says how serious, the word (outbreak.severity.*) says it too. */
export const SEVERITY_STYLES: Record<OutbreakSeverity, { card: string; badge: string }> = {
  critical: { card: 'border-s-red-600 bg-red-50/60', badge: 'bg-red-600 text-white' },
  high: { card: 'border-s-orange-500 bg-orange-50/60', badge: 'bg-orange-700 text-white' },
  medium: { card: 'border-s-amber-400 bg-amber-50/60', badge: 'bg-amber-200 text-amber-950' },
  low: { card: 'border-s-green-600 bg-green-50/60', badge: 'bg-green-100 text-green-900' },
};

/**
 * The monitor's words and figures in the viewer's language: counts, report days (agencies date
 * them in UTC), agency lists and the figures' sources, as the PDF says them.
 */
export function useOutbreakWords() {
  const t = useT();
  const f = useFormats();
  const dates = useWhen();
  const { language } = f;
  const day = useCallback((iso: string) => dates.compactDate(iso, 'UTC'), [dates]);

  /** An exact count, the server's approximate size ("780M+") as it is, or a dash when the source gave none. */
  const count = (value: number | string | null) =>
    value === null ? '—' : typeof value === 'string' ? value : f.number(value);

  /** "45 days", "13 months", "2 years": the shared rule picks the unit, the catalogue says it. */
  const age = (asOf: string, now: Date) => {
    const { unit, count } = reportAge(asOf, now);
    return t(`outbreak.age.${unit}`, { count });
  };

  return {
    t,
    f,
    day,
    count,
    severity: (severity: OutbreakSeverity) => t(`outbreak.severity.${severity}`),
    /** The one sentence the banner and the checkout give out-of-date data (the PDF has its own). */
    outOfDate: (asOf: string, now: Date) =>
      t('outbreak.outOfDate.notice', { day: day(asOf), age: age(asOf, now), days: OUTBREAK_STALE_AFTER_DAYS }),
    runningTotal: (c: Pick<OutbreakCase, 'source' | 'country'>) => t(`outbreak.case.${runningTotalKind(c)}`),
    /** "WHO, as of 12 Nov 2026", or the span of the reports a total adds up. */
    figureSource: (coverage: FigureCoverage) => {
      if (coverage.reporting === 0 || !coverage.from || !coverage.to) return t('outbreak.stats.noReports');
      const who = formatList(coverage.agencies, language);
      if (day(coverage.from) === day(coverage.to)) return t('outbreak.stats.asOf', { who, day: day(coverage.to) });
      return t('outbreak.stats.span', { who, from: day(coverage.from), to: day(coverage.to) });
    },
    /** "In 5 of 12 outbreaks": how many of the added-up outbreaks give the figure at all. */
    figureReach: (coverage: FigureCoverage, outbreakCount: number) =>
      coverage.reporting < outbreakCount
        ? t('outbreak.stats.inSome', { reporting: coverage.reporting, count: outbreakCount })
        : outbreakCount === 1
          ? t('outbreak.stats.inOne')
          : t('outbreak.stats.inAll', { count: outbreakCount }),
  };
}
