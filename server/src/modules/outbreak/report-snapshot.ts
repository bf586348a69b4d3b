import type { ReportTier } from '@common/constants/outbreak';
import type { OutbreakCase } from '@common/schemas/outbreak';
import type { Db } from '../../db/client';
import { listCases, outbreakTotals, type Totals } from './queries';

/**
 * What a report says, frozen at purchase time and stored with the purchase. The PDF adds up its
 * figures from `cases` with the monitor's own rule, so reports bought before that rule (whose
 * `totals` mixed running totals in) print honest totals too; `totals` stays for readers of the jsonb.
 */
export type ReportSnapshot = {
  tier: ReportTier;
  purchasedAt: string;
  totals: Totals;
  outbreakCount: number;
  dataAsOf: string | null;
  snapshotAsOf: string | null;
  /** Cases stored before running totals were told apart have no `scope`; the rule derives it. */
  cases: (Omit<OutbreakCase, 'scope'> & { scope?: OutbreakCase['scope'] })[];
};

/** A report covers at most this many outbreaks, most severe first. */
export const REPORT_CASE_LIMIT = 5000;

export async function takeReportSnapshot(db: Db, tier: ReportTier, purchasedAt: Date): Promise<ReportSnapshot> {
  const [{ totals, summary, snapshotAsOf }, cases] = await Promise.all([
    outbreakTotals(db),
    listCases(db, REPORT_CASE_LIMIT),
  ]);
  return {
    tier,
    purchasedAt: purchasedAt.toISOString(),
    totals,
    outbreakCount: summary.outbreakCount,
    dataAsOf: summary.dataAsOf,
    snapshotAsOf,
    cases,
  };
}
