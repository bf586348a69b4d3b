import { useCallback, useMemo } from 'react';
import { OUTBREAK_STALE_AFTER_DAYS, type OutbreakSeverity } from '@common/constants/outbreak';
import { INTL_LOCALE } from '@common/i18n/languages';
import { ageInWords, runningTotalLabel, type FigureCoverage } from '@common/rules/outbreak-figures';
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

// The running totals' two kinds, named by the shared rule (which the PDF also uses) in English.
const RUNNING_TOTAL_KEYS = {
  'Cumulative count since reporting began': 'outbreak.case.cumulative',
  'Worldwide total': 'outbreak.case.worldwide',
} as const;

/**
 * The monitor's words and figures in the viewer's language: counts, report days (agencies date
 * them in UTC), agency lists, and the sentences common/rules/outbreak-figures.ts writes in English
 * for the PDF.
 */
export function useOutbreakWords() {
  const t = useT();
  const f = useFormats();
  const dates = useWhen();
  const { language } = f;
  const day = useCallback((iso: string) => dates.compactDate(iso, 'UTC'), [dates]);
  // English writes "WHO, CDC and PAHO" (no serial comma), as the PDF does.
  const lists = useMemo(
    () => new Intl.ListFormat(language === 'en' ? 'en-GB' : INTL_LOCALE[language], { type: 'conjunction' }),
    [language],
  );

  /** An exact count, the server's approximate size ("780M+") as it is, or a dash when the source gave none. */
  const count = (value: number | string | null) =>
    value === null ? '—' : typeof value === 'string' ? value : f.number(value);

  /** "45 days", "13 months", "2 years": the shared rule picks the unit, the catalogue says it. */
  const age = (asOf: string, now: Date) => {
    const [, n, unit] = /^(\d+) (\w+)$/.exec(ageInWords(asOf, now)) ?? [];
    const value = Number(n);
    if (unit?.startsWith('year')) return t('outbreak.age.years', { count: value });
    if (unit?.startsWith('month')) return t('outbreak.age.months', { count: value });
    return t('outbreak.age.days', { count: value });
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
    runningTotal: (c: Pick<OutbreakCase, 'source' | 'country'>) => {
      const english = runningTotalLabel(c);
      return english in RUNNING_TOTAL_KEYS
        ? t(RUNNING_TOTAL_KEYS[english as keyof typeof RUNNING_TOTAL_KEYS])
        : english;
    },
    /** "WHO, as of 12 Nov 2026", or the span of the reports a total adds up. */
    figureSource: (coverage: FigureCoverage) => {
      if (coverage.reporting === 0 || !coverage.from || !coverage.to) return t('outbreak.stats.noReports');
      const who = lists.format(coverage.agencies);
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
