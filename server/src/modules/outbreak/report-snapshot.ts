import type { ReportTier } from '@common/constants/outbreak';
import type { OutbreakCase } from '@common/schemas/outbreak';
import type { Db } from '../../db/client';
import { listCases, outbreakTotals, type Totals } from './queries';

/** What a report says, frozen at purchase time and stored with the purchase. */
export type ReportSnapshot = {
  tier: ReportTier;
  purchasedAt: string;
  totals: Totals;
  outbreakCount: number;
  dataAsOf: string | null;
  snapshotAsOf: string | null;
  cases: OutbreakCase[];
};

/** A report covers at most this many outbreaks, most severe first. */
export const REPORT_CASE_LIMIT = 5000;

export async function takeReportSnapshot(db: Db, tier: ReportTier, purchasedAt: Date): Promise<ReportSnapshot> {
  const [{ totals, outbreakCount, dataAsOf, snapshotAsOf }, cases] = await Promise.all([
    outbreakTotals(db),
    listCases(db, REPORT_CASE_LIMIT),
  ]);
  return { tier, purchasedAt: purchasedAt.toISOString(), totals, outbreakCount, dataAsOf, snapshotAsOf, cases };
}
