import { asc, count, desc, isNull } from 'drizzle-orm';
import { OUTBREAK_CASE_LIMITS, OUTBREAK_SOURCES, OUTBREAK_STALE_AFTER_DAYS } from '@common/constants/outbreak';
import { approximateCount } from '@common/rules/approximate';
import { isOutOfDate, outbreakScope, summarizeOutbreaks } from '@common/rules/outbreak-figures';
import type { OutbreakCase, OutbreakStatistics, SyncStatus } from '@common/schemas/outbreak';
import type { Db } from '../../db/client';
import { outbreakCases, outbreakSyncRuns } from '../../db/schema';
import { loadSnapshot } from './sources/snapshot';
import { latestRun, presentRun, type SyncPlan } from './sync';

type CaseRow = typeof outbreakCases.$inferSelect;

export const presentCase = (row: CaseRow): OutbreakCase => ({
  id: row.id,
  diseaseName: row.diseaseName,
  severity: row.severity,
  location: row.location,
  country: row.country,
  confirmedCases: row.confirmedCases,
  activeCases: row.activeCases,
  recoveredCases: row.recoveredCases,
  deaths: row.deaths,
  lastUpdated: row.lastUpdated.toISOString(),
  sourceAgency: row.sourceAgency,
  source: row.source,
  scope: outbreakScope(row),
});

/** Most severe first, then the most recently updated; the limit is the caller's by role. */
export async function listCases(db: Db, limit: number): Promise<OutbreakCase[]> {
  const rows = await db
    .select()
    .from(outbreakCases)
    .orderBy(asc(outbreakCases.severityRank), desc(outbreakCases.lastUpdated), asc(outbreakCases.id))
    .limit(limit);
  return rows.map(presentCase);
}

export const caseLimitFor = (signedIn: boolean) =>
  signedIn ? OUTBREAK_CASE_LIMITS.signedIn : OUTBREAK_CASE_LIMITS.visitor;

export type Totals = { totalCases: number; activeCases: number; totalRecovered: number; totalDeaths: number };

/**
 * The totals of every stored record, added like with like (`summarizeOutbreaks`): only the
 * columns they need, from every row, however many the feeds brought.
 */
export async function outbreakTotals(db: Db) {
  const rows = await db
    .select({
      source: outbreakCases.source,
      country: outbreakCases.country,
      confirmedCases: outbreakCases.confirmedCases,
      activeCases: outbreakCases.activeCases,
      recoveredCases: outbreakCases.recoveredCases,
      deaths: outbreakCases.deaths,
      lastUpdated: outbreakCases.lastUpdated,
      sourceAgency: outbreakCases.sourceAgency,
    })
    .from(outbreakCases);
  const summary = summarizeOutbreaks(rows.map((r) => ({ ...r, lastUpdated: r.lastUpdated.toISOString() })));
  const totals: Totals = {
    totalCases: summary.totals.confirmed,
    activeCases: summary.totals.active,
    totalRecovered: summary.totals.recovered,
    totalDeaths: summary.totals.deaths,
  };
  const fromSnapshot = rows.some((r) => r.source === 'snapshot');
  return {
    totals,
    summary,
    recordCount: rows.length,
    snapshotAsOf: fromSnapshot ? (await loadSnapshot()).asOf : null,
  };
}

export type StoredTotals = Awaited<ReturnType<typeof outbreakTotals>>;

/**
 * Signed-in users get the sums; visitors only their size, so exact figures never reach them.
 * Whether the data is out of date is decided here, at `now`, not where the totals are cached.
 */
export function presentStatistics(stored: StoredTotals, signedIn: boolean, now: Date): OutbreakStatistics {
  const { totals, summary, snapshotAsOf } = stored;
  const age = {
    dataAsOf: summary.dataAsOf,
    snapshotAsOf,
    outbreakCount: summary.outbreakCount,
    runningTotalCount: summary.runningTotalCount,
    stale: isOutOfDate(summary.dataAsOf, now),
    staleAfterDays: OUTBREAK_STALE_AFTER_DAYS,
    coverage: summary.coverage,
  };
  if (signedIn) return { approximate: false, ...totals, ...age };
  return {
    approximate: true,
    totalCases: approximateCount(totals.totalCases),
    activeCases: approximateCount(totals.activeCases),
    totalRecovered: approximateCount(totals.totalRecovered),
    totalDeaths: approximateCount(totals.totalDeaths),
    ...age,
  };
}

const LIVE_SOURCES = OUTBREAK_SOURCES.filter((source) => source !== 'snapshot');

export async function syncStatus(db: Db, plan: SyncPlan): Promise<SyncStatus> {
  const breakdown = await db
    .select({ source: outbreakCases.source, count: count() })
    .from(outbreakCases)
    .groupBy(outbreakCases.source)
    .orderBy(outbreakCases.source);
  const [running] = await db
    .select({ id: outbreakSyncRuns.id })
    .from(outbreakSyncRuns)
    .where(isNull(outbreakSyncRuns.finishedAt));
  const last = await latestRun(db);
  const { totals } = await outbreakTotals(db);
  return {
    lastSync: last?.finishedAt?.toISOString() ?? null,
    totalCases: totals.totalCases,
    recordCount: breakdown.reduce((sum, b) => sum + b.count, 0),
    liveSources: LIVE_SOURCES.map((source) => ({ source, configured: plan.live.some((s) => s.name === source) })),
    sourceBreakdown: breakdown,
    running: running !== undefined,
    lastRun: last ? await presentRun(last) : null,
  };
}
