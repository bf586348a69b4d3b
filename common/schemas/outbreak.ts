import { z } from 'zod';
import {
  DEFAULT_REPORT_TIER,
  OUTBREAK_SCOPES,
  OUTBREAK_SEVERITIES,
  OUTBREAK_SOURCES,
  REPORT_PURCHASE_STATUSES,
  REPORT_TIERS,
} from '../constants/outbreak';
import { safeString } from './text';

const count = z.number().int().nullable();

export const outbreakCaseSchema = z.object({
  id: z.uuid(),
  diseaseName: z.string(),
  severity: z.enum(OUTBREAK_SEVERITIES),
  location: z.string(),
  country: z.string(),
  confirmedCases: count,
  activeCases: count,
  recoveredCases: count,
  deaths: count,
  /** When the source last updated this outbreak (ISO instant). */
  lastUpdated: z.string(),
  sourceAgency: z.string(),
  /** Medora's addition: which feed the case came from. */
  source: z.enum(OUTBREAK_SOURCES),
  /** Medora's addition: a country outbreak (added to the totals) or a running total (never added). */
  scope: z.enum(OUTBREAK_SCOPES),
});
export type OutbreakCase = z.infer<typeof outbreakCaseSchema>;
export const outbreakCaseListSchema = z.array(outbreakCaseSchema);

/**
 * The totals add each figure over the country outbreaks that report it (running totals such as a
 * worldwide tally are never added). Exact for signed-in users; visitors get only their size as text
 * ("5.5B+"), computed by the server so the exact figures never reach them.
 */
const exactTotals = z.object({
  approximate: z.literal(false),
  totalCases: z.number().int(),
  activeCases: z.number().int(),
  totalRecovered: z.number().int(),
  totalDeaths: z.number().int(),
});
const approximateTotals = z.object({
  approximate: z.literal(true),
  totalCases: z.string(),
  activeCases: z.string(),
  totalRecovered: z.string(),
  totalDeaths: z.string(),
});
/** Who reported one total and when: how many outbreaks give it, their agencies, the oldest and newest report. */
export const figureCoverageSchema = z.object({
  reporting: z.number().int(),
  agencies: z.array(z.string()),
  from: z.string().nullable(),
  to: z.string().nullable(),
});
const dataAge = z.object({
  /** The newest update among all records (ISO), or null with no data. */
  dataAsOf: z.string().nullable(),
  /** The bundled snapshot's date when some of the data comes from it. */
  snapshotAsOf: z.string().nullable(),
  /** Country outbreaks: the records the totals add up. */
  outbreakCount: z.number().int(),
  /** Worldwide and cumulative tallies: shown, never added. */
  runningTotalCount: z.number().int(),
  /** The newest report is older than `staleAfterDays` days (by the server's clock). */
  stale: z.boolean(),
  staleAfterDays: z.number().int(),
  /** Per total (confirmed, active, recovered, deaths): who reported it and when. */
  coverage: z.object({
    confirmed: figureCoverageSchema,
    active: figureCoverageSchema,
    recovered: figureCoverageSchema,
    deaths: figureCoverageSchema,
  }),
});
export const outbreakStatisticsSchema = z.union([
  exactTotals.extend(dataAge.shape),
  approximateTotals.extend(dataAge.shape),
]);
export type OutbreakStatistics = z.infer<typeof outbreakStatisticsSchema>;

export const sourceSyncSchema = z.object({
  source: z.enum(OUTBREAK_SOURCES),
  status: z.enum(['synced', 'failed', 'unconfigured', 'skipped']),
  count: z.number().int(),
  error: z.string().nullable(),
});
export type SourceSync = z.infer<typeof sourceSyncSchema>;

/** What a sync did, in words: live data or not, which feed failed or is not configured. */
export const syncOutcomeSchema = z.object({
  state: z.enum(['live', 'partial', 'failed', 'not-configured', 'running']),
  title: z.string(),
  message: z.string(),
});

export const syncResultSchema = z.object({
  /** Records stored from the sources that answered: a count of records, not of cases. */
  totalSynced: z.number().int(),
  sources: z.array(sourceSyncSchema),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  outcome: syncOutcomeSchema,
});
export type SyncResult = z.infer<typeof syncResultSchema>;

export const syncStatusSchema = z.object({
  lastSync: z.string().nullable(),
  /** Confirmed cases across the country outbreaks, the same total as the statistics. */
  totalCases: z.number().int(),
  /** Outbreak records stored, from every source. */
  recordCount: z.number().int(),
  /** The live feeds and whether this server is configured to ask them. */
  liveSources: z.array(z.object({ source: z.enum(OUTBREAK_SOURCES), configured: z.boolean() })),
  sourceBreakdown: z.array(z.object({ source: z.enum(OUTBREAK_SOURCES), count: z.number().int() })),
  running: z.boolean(),
  lastRun: syncResultSchema.nullable(),
});
export type SyncStatus = z.infer<typeof syncStatusSchema>;

export const reportTierSchema = z.enum(REPORT_TIERS, { error: 'Report type must be summary, full or detailed' });

export const reportPaymentBodySchema = z.object({
  reportType: reportTierSchema.default(DEFAULT_REPORT_TIER),
  /** The buyer states they are a medical professional; recorded with the purchase. */
  medicalProfessional: z.literal(true, { error: 'Please confirm that you are a medical professional' }),
  /** Required when the newest data is older than 30 days: the buyer accepts a report built from it. */
  acceptOutOfDateData: z.boolean().optional(),
});

export const reportPaymentReplySchema = z.object({
  clientSecret: z.string(),
  amount: z.number().int(),
  paymentIntentId: z.string(),
});

export const reportConfirmBodySchema = z.object({
  paymentIntentId: safeString('Payment intent id', 200).pipe(z.string().min(1, 'Payment intent id is required')),
});

export const reportPurchaseSchema = z.object({
  id: z.uuid(),
  reportType: z.enum(REPORT_TIERS),
  amount: z.number().int(),
  status: z.enum(REPORT_PURCHASE_STATUSES),
  purchasedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  downloadUrl: z.string().nullable(),
  /** The purchase's numbered receipt, once paid (GET /api/receipts/:id/pdf). */
  receiptId: z.uuid().nullable().optional(),
});
export type ReportPurchase = z.infer<typeof reportPurchaseSchema>;
export const reportPurchaseListSchema = z.array(reportPurchaseSchema);

export const reportConfirmReplySchema = z.object({
  status: z.literal('succeeded'),
  reportData: reportPurchaseSchema.extend({ downloadUrl: z.string() }),
});

export const reportIdParamsSchema = z.object({ id: z.uuid({ error: 'Report id must be a UUID' }) });
