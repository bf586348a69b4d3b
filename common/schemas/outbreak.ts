import { z } from 'zod';
import {
  DEFAULT_REPORT_TIER,
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
});
export type OutbreakCase = z.infer<typeof outbreakCaseSchema>;
export const outbreakCaseListSchema = z.array(outbreakCaseSchema);

/**
 * Exact totals for signed-in users; visitors get only their size as text ("5.5B+"), computed by
 * the server so the exact figures never reach them.
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
const dataAge = z.object({
  /** The newest update among the cases shown (ISO), or null with no data. */
  dataAsOf: z.string().nullable(),
  /** The bundled snapshot's date when some of the data comes from it. */
  snapshotAsOf: z.string().nullable(),
  outbreakCount: z.number().int(),
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

export const syncResultSchema = z.object({
  totalSynced: z.number().int(),
  sources: z.array(sourceSyncSchema),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type SyncResult = z.infer<typeof syncResultSchema>;

export const syncStatusSchema = z.object({
  lastSync: z.string().nullable(),
  totalCases: z.number().int(),
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
