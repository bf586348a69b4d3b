import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, ne } from 'drizzle-orm';
import { REPORT_ACCESS_DAYS, REPORT_PRICES, type ReportTier } from '@common/constants/outbreak';
import { isOutOfDate } from '@common/rules/outbreak-figures';
import { OUTBREAK_STALE_AFTER_DAYS } from '@common/constants/outbreak';
import { formatDate } from '@common/i18n/format';
import type { Language } from '@common/i18n/languages';
import type { ReportPurchase } from '@common/schemas/outbreak';
import type { Db } from '../../db/client';
import { receipts, reportPurchases } from '../../db/schema';
import { localizedError, notFound } from '../../core/errors';
import { translate } from '../../core/i18n';
import { notPaidYet } from '../../payments/not-paid';
import { reportAge } from './age';
import type { PaymentProvider } from '../../payments/provider';
import { inUnit, type UnitServices } from '../events/bus';
import { outbreakTotals } from './queries';
import { takeReportSnapshot, type ReportSnapshot } from './report-snapshot';
import { account, transfer } from '../ledger/ledger';

type PurchaseRow = typeof reportPurchases.$inferSelect;
const CURRENCY = 'usd';
const DAY_MS = 86_400_000;

export const downloadUrlFor = (id: string) => `/api/outbreak/reports/${id}/download`;

export const presentPurchase = (row: PurchaseRow, receiptId: string | null = null): ReportPurchase => ({
  id: row.id,
  reportType: row.tier,
  amount: row.amount,
  status: row.status,
  purchasedAt: row.purchasedAt?.toISOString() ?? null,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  downloadUrl: row.status === 'paid' ? downloadUrlFor(row.id) : null,
  receiptId,
});

/** The purchase's numbered receipt (issued by the receipts module when it was paid). */
async function receiptOf(db: Db, purchaseId: string) {
  const [row] = await db.select({ id: receipts.id }).from(receipts).where(eq(receipts.reportPurchaseId, purchaseId));
  return row?.id ?? null;
}

/** The checkout's out-of-date notice, as the monitor's banner says it. */
const outOfDateValues = (asOf: string, now: Date) => (language: Language) => ({
  notice: translate(language, 'errors.reportOutOfDateNotice', {
    day: formatDate(asOf, 'compact', language, 'UTC'),
    age: reportAge(language, asOf, now),
    days: OUTBREAK_STALE_AFTER_DAYS,
  }),
});

/**
 * The tier's price, set here and nowhere else; the buyer's statement is recorded with the purchase.
 * Data older than 30 days is sold only to a buyer who has been told and accepted it.
 */
export async function createReportIntent(
  db: Db,
  provider: PaymentProvider,
  buyerId: string,
  tier: ReportTier,
  now: Date,
  { acceptOutOfDateData }: { acceptOutOfDateData: boolean },
) {
  const { summary } = await outbreakTotals(db);
  if (isOutOfDate(summary.dataAsOf, now) && !acceptOutOfDateData) {
    const text = { key: 'errors.reportOutOfDate', values: outOfDateValues(summary.dataAsOf!, now) } as const;
    throw localizedError('conflict', text.key, text.values, { acceptOutOfDateData: text });
  }
  const amount = REPORT_PRICES[tier];
  const intent = await provider.createIntent({
    amount,
    currency: CURRENCY,
    metadata: { purpose: 'report', tier, buyerId },
    idempotencyKey: `report-${randomUUID()}`,
  });
  await db.insert(reportPurchases).values({
    buyerId,
    tier,
    amount,
    currency: CURRENCY,
    provider: provider.name,
    providerIntentId: intent.id,
    medicalProfessionalConfirmedAt: now,
  });
  return { clientSecret: intent.clientSecret, amount, paymentIntentId: intent.id };
}

/**
 * From the checkout (buyerId set) or Stripe's webhook (null): re-reads the intent from the provider
 * and marks the purchase paid with one conditional UPDATE, freezing the report's data at that
 * moment. Any number of repeats answer the same purchase.
 */
export async function confirmReportPurchase(
  services: UnitServices,
  paymentIntentId: string,
  buyerId: string | null,
  now: Date,
): Promise<ReportPurchase & { downloadUrl: string }> {
  const { db, payments: provider, log } = services;
  const purchase = await findPurchase(db, provider, paymentIntentId);
  if (!purchase || (buyerId && purchase.buyerId !== buyerId)) throw notFound('Report purchase');
  if (purchase.status !== 'paid') {
    const intent = await provider.retrieveIntent(paymentIntentId);
    if (!intent) throw notFound('Report purchase');
    if (intent.status !== 'succeeded') {
      if (intent.status === 'canceled') {
        await db
          .update(reportPurchases)
          .set({ status: 'failed' })
          .where(and(eq(reportPurchases.id, purchase.id), eq(reportPurchases.status, 'pending')));
      }
      throw notPaidYet(intent.lastError);
    }
    if (intent.amount !== purchase.amount || intent.currency !== purchase.currency) {
      log.error(
        { purchaseId: purchase.id, intentAmount: intent.amount },
        'report intent amount differs from the price',
      );
      throw localizedError('conflict', 'errors.amountPaidDoesMatch');
    }
    const snapshot = await takeReportSnapshot(db, purchase.tier, now);
    await inUnit(services, now, async (unit) => {
      const { tx } = unit;
      const [paid] = await tx
        .update(reportPurchases)
        .set({
          status: 'paid',
          purchasedAt: now,
          expiresAt: new Date(now.getTime() + REPORT_ACCESS_DAYS * DAY_MS),
          snapshot,
        })
        .where(and(eq(reportPurchases.id, purchase.id), ne(reportPurchases.status, 'paid')))
        .returning();
      // The sale in the money ledger, once, with the purchase that made it.
      if (paid) {
        await transfer(tx, {
          key: `report:${paid.id}`,
          kind: 'report_sale',
          from: account.patientCard(purchase.buyerId),
          // The platform's own sale: kept apart from the consultations' clearing account.
          to: account.reportRevenue,
          amount: purchase.amount,
        });
        await unit.emit('report.paid', { purchase: paid });
      }
    });
  }
  const [settled] = await db.select().from(reportPurchases).where(eq(reportPurchases.id, purchase.id));
  return { ...presentPurchase(settled, await receiptOf(db, settled.id)), downloadUrl: downloadUrlFor(settled.id) };
}

export async function findPurchase(db: Db, provider: PaymentProvider, paymentIntentId: string) {
  const [purchase] = await db
    .select()
    .from(reportPurchases)
    .where(and(eq(reportPurchases.provider, provider.name), eq(reportPurchases.providerIntentId, paymentIntentId)));
  return purchase;
}

/** The buyer's reports that can still be downloaded, newest first. */
export async function livePurchases(db: Db, buyerId: string, now: Date): Promise<ReportPurchase[]> {
  const rows = await db
    .select({ purchase: reportPurchases, receiptId: receipts.id })
    .from(reportPurchases)
    .leftJoin(receipts, eq(receipts.reportPurchaseId, reportPurchases.id))
    .where(
      and(eq(reportPurchases.buyerId, buyerId), eq(reportPurchases.status, 'paid'), gt(reportPurchases.expiresAt, now)),
    )
    .orderBy(desc(reportPurchases.purchasedAt))
    .limit(50);
  return rows.map((r) => presentPurchase(r.purchase, r.receiptId));
}

/** Only the buyer's own paid report (404 otherwise), only while access lasts (410 after). */
export async function reportForDownload(db: Db, buyerId: string, id: string, now: Date) {
  const [row] = await db
    .select()
    .from(reportPurchases)
    .where(and(eq(reportPurchases.id, id), eq(reportPurchases.buyerId, buyerId), eq(reportPurchases.status, 'paid')));
  if (!row) throw notFound('Report');
  if (row.expiresAt! <= now) {
    throw localizedError('gone', 'errors.reportAccessEnded', {
      date: row.expiresAt!.toISOString().slice(0, 10),
      days: REPORT_ACCESS_DAYS,
    });
  }
  return { purchase: row, snapshot: row.snapshot as ReportSnapshot };
}
