import { asc, count, desc, isNull, sql } from 'drizzle-orm';
import { OUTBREAK_CASE_LIMITS } from '@common/constants/outbreak';
import { approximateCount } from '@common/rules/approximate';
import type { OutbreakCase, OutbreakStatistics, SyncStatus } from '@common/schemas/outbreak';
import type { Db } from '../../db/client';
import { outbreakCases, outbreakSyncRuns } from '../../db/schema';
import { loadSnapshot } from './sources/snapshot';
import { latestRun, presentRun } from './sync';

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

export async function outbreakTotals(db: Db) {
  const [row] = await db
    .select({
      totalCases: sql<string>`coalesce(sum(${outbreakCases.confirmedCases}), 0)`,
      activeCases: sql<string>`coalesce(sum(${outbreakCases.activeCases}), 0)`,
      totalRecovered: sql<string>`coalesce(sum(${outbreakCases.recoveredCases}), 0)`,
      totalDeaths: sql<string>`coalesce(sum(${outbreakCases.deaths}), 0)`,
      outbreakCount: sql<number>`count(*)::int`,
      dataAsOf: sql<string | null>`max(${outbreakCases.lastUpdated})`,
      fromSnapshot: sql<boolean>`bool_or(${outbreakCases.source} = 'snapshot')`,
    })
    .from(outbreakCases);
  const totals: Totals = {
    totalCases: Number(row.totalCases),
    activeCases: Number(row.activeCases),
    totalRecovered: Number(row.totalRecovered),
    totalDeaths: Number(row.totalDeaths),
  };
  return {
    totals,
    outbreakCount: row.outbreakCount,
    dataAsOf: row.dataAsOf ? new Date(row.dataAsOf).toISOString() : null,
    snapshotAsOf: row.fromSnapshot ? (await loadSnapshot()).asOf : null,
  };
}

/** Signed-in users get the sums; visitors only their size, so exact figures never reach them. */
export async function outbreakStatistics(db: Db, signedIn: boolean): Promise<OutbreakStatistics> {
  const { totals, ...age } = await outbreakTotals(db);
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

export async function syncStatus(db: Db): Promise<SyncStatus> {
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
  return {
    lastSync: last?.finishedAt?.toISOString() ?? null,
    totalCases: breakdown.reduce((sum, b) => sum + b.count, 0),
    sourceBreakdown: breakdown,
    running: running !== undefined,
    lastRun: last ? presentRun(last) : null,
  };
}
