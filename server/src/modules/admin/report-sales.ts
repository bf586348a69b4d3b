import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { AdminReportSaleQuery, AdminReportSaleRow, Page } from '@common/schemas/admin';
import type { Db } from '../../db/client';
import { receipts, reportPurchases, users } from '../../db/schema';
import { cappedCount, offsetOf, pageOf } from '../platform/paging';
import { likeContaining, personMatches } from './search';

/**
 * Outbreak report sales beside the consultations' payments: the rows the revenue figure's
 * `report_sale` ledger entries come from (outbreak/reports.ts writes one per paid purchase), so an
 * administrator can reconcile the two. Read-only: a sale moves money only through the ledger.
 */
export async function listReportSales(db: Db, query: AdminReportSaleQuery): Promise<Page<AdminReportSaleRow>> {
  const filters: SQL[] = [];
  if (query.q) {
    filters.push(or(personMatches(query.q), sql`${reportPurchases.id}::text like ${likeContaining(query.q)}`)!);
  }
  if (query.status) filters.push(eq(reportPurchases.status, query.status));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, count] = await Promise.all([
    db
      .select({
        id: reportPurchases.id,
        buyerName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
        buyerEmail: users.email,
        tier: reportPurchases.tier,
        amount: reportPurchases.amount,
        currency: reportPurchases.currency,
        status: reportPurchases.status,
        createdAt: reportPurchases.createdAt,
        purchasedAt: reportPurchases.purchasedAt,
        // One receipt per purchase at most (receipts_report_purchase_key): a lookup, never a fan-out.
        receiptNumber: sql<
          string | null
        >`(select ${receipts.number} from ${receipts} where ${receipts.reportPurchaseId} = ${reportPurchases.id})`,
      })
      .from(reportPurchases)
      .innerJoin(users, eq(users.id, reportPurchases.buyerId))
      .where(where)
      .orderBy(desc(reportPurchases.createdAt), desc(reportPurchases.id))
      .limit(query.pageSize)
      .offset(offsetOf(query.page, query.pageSize)),
    cappedCount(
      db,
      db
        .select({ one: sql`1` })
        .from(reportPurchases)
        .innerJoin(users, eq(users.id, reportPurchases.buyerId))
        .where(where),
    ),
  ]);
  return pageOf(
    rows.map((r) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      purchasedAt: r.purchasedAt?.toISOString() ?? null,
    })),
    count,
    query.page,
    query.pageSize,
  );
}
