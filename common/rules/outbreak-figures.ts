import {
  OUTBREAK_FIGURES,
  OUTBREAK_STALE_AFTER_DAYS,
  type OutbreakFigure,
  type OutbreakScope,
} from '../constants/outbreak';

const DAY_MS = 86_400_000;

/** The fields of a stored or reported case that the totals and their labels are made from. */
export type CaseFigures = {
  source: string;
  country: string;
  confirmedCases: number | null;
  activeCases: number | null;
  recoveredCases: number | null;
  deaths: number | null;
  lastUpdated: string;
  sourceAgency: string;
};

const FIELD: Record<OutbreakFigure, 'confirmedCases' | 'activeCases' | 'recoveredCases' | 'deaths'> = {
  confirmed: 'confirmedCases',
  active: 'activeCases',
  recovered: 'recoveredCases',
  deaths: 'deaths',
};

/**
 * disease.sh reports each country's COVID-19 count since 2020, and a "Global" record is a tally
 * over many countries: both overlap the country outbreaks, so adding them would count the same
 * people twice (785 million "cases" beside 5 active ones).
 */
export function outbreakScope(c: Pick<CaseFigures, 'source' | 'country'>): OutbreakScope {
  return c.source === 'disease-sh' || c.country === 'Global' ? 'running-total' : 'outbreak';
}

/** What a running total is, for its card and its table row: a count since reporting began, or a worldwide total. */
export const runningTotalKind = (c: Pick<CaseFigures, 'source' | 'country'>): 'cumulative' | 'worldwide' =>
  c.source === 'disease-sh' ? 'cumulative' : 'worldwide';

const SHORT_AGENCY: Record<string, string> = {
  'World Health Organization': 'WHO',
  'Centers for Disease Control and Prevention': 'CDC',
  'Pan American Health Organization': 'PAHO',
  'Global Polio Eradication Initiative': 'GPEI',
  'disease.sh (Johns Hopkins CSSE, Worldometers)': 'disease.sh',
};
export const agencyShortName = (agency: string) => SHORT_AGENCY[agency] ?? agency;

/** Who reported a figure and when: the oldest and newest report it adds up. */
export type FigureCoverage = { reporting: number; agencies: string[]; from: string | null; to: string | null };

export type OutbreakSummary = {
  totals: Record<OutbreakFigure, number>;
  coverage: Record<OutbreakFigure, FigureCoverage>;
  /** Country outbreaks, the records the totals add up. */
  outbreakCount: number;
  /** Worldwide and cumulative tallies, shown but never added. */
  runningTotalCount: number;
  /** The newest report among all records (ISO), or null with none. */
  dataAsOf: string | null;
};

/**
 * Each total adds one figure over the country outbreaks that report it, and says how many do, who
 * reported them and when: "Active cases 5" then reads as 5 across the 4 outbreaks that count them.
 */
export function summarizeOutbreaks(cases: CaseFigures[]): OutbreakSummary {
  const outbreaks = cases.filter((c) => outbreakScope(c) === 'outbreak');
  const totals = {} as Record<OutbreakFigure, number>;
  const coverage = {} as Record<OutbreakFigure, FigureCoverage>;
  for (const figure of OUTBREAK_FIGURES) {
    const reporting = outbreaks.filter((c) => c[FIELD[figure]] !== null);
    totals[figure] = reporting.reduce((sum, c) => sum + (c[FIELD[figure]] ?? 0), 0);
    coverage[figure] = {
      reporting: reporting.length,
      agencies: agenciesOf(reporting),
      from: oldest(reporting),
      to: newest(reporting),
    };
  }
  return {
    totals,
    coverage,
    outbreakCount: outbreaks.length,
    runningTotalCount: cases.length - outbreaks.length,
    dataAsOf: newest(cases),
  };
}

/** Short agency names, the one behind most of the records first. */
function agenciesOf(cases: CaseFigures[]): string[] {
  const counts = new Map<string, number>();
  for (const c of cases)
    counts.set(agencyShortName(c.sourceAgency), (counts.get(agencyShortName(c.sourceAgency)) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([name]) => name);
}

const time = (c: CaseFigures) => new Date(c.lastUpdated).getTime();
function newest(cases: CaseFigures[]): string | null {
  if (cases.length === 0) return null;
  return new Date(Math.max(...cases.map(time))).toISOString();
}
function oldest(cases: CaseFigures[]): string | null {
  if (cases.length === 0) return null;
  return new Date(Math.min(...cases.map(time))).toISOString();
}

/** Older than 30 days: the newest report says nothing reliable about today. */
export function isOutOfDate(asOf: string | null, now: Date): boolean {
  if (!asOf) return false;
  return now.getTime() - new Date(asOf).getTime() > OUTBREAK_STALE_AFTER_DAYS * DAY_MS;
}

/** How old a report is, in the unit people would use: days up to 59, then months up to 23, then years. */
export function reportAge(asOf: string, now: Date): { unit: 'days' | 'months' | 'years'; count: number } {
  const days = Math.max(0, Math.floor((now.getTime() - new Date(asOf).getTime()) / DAY_MS));
  if (days < 60) return { unit: 'days', count: days };
  const months = Math.floor(days / 30.44);
  if (months < 24) return { unit: 'months', count: months };
  return { unit: 'years', count: Math.floor(months / 12) };
}
