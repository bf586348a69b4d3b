import { sql } from 'drizzle-orm';
import { PENDING_PAYMENT_STATUSES } from '@common/constants/statuses';
import type { AdminStats } from '@common/schemas/admin';
import type { Db } from '../../db/client';
import { inList } from '../../db/in-list';
import { rowsOf } from '../../db/rows';
import { doctors, ledgerTotals, payments, rowCounts } from '../../db/schema';
import { account } from '../ledger/ledger';

/**
 * Sales, less what went back: card and wallet payments of consultations into the clearing account
 * minus refunds, and outbreak report sales into report revenue (docs/domain-core.md, the ledger table).
 */
const SALE_KINDS = ['card_charge', 'wallet_payment', 'report_sale', 'card_refund_requested', 'wallet_payment_refund'];
const SALE_ACCOUNTS = [account.platformRevenue, account.reportRevenue];

type Counted = 'appointments' | 'receipts' | 'paid_consultations';

/**
 * The stat cards. Revenue is what patients paid and kept paid, from the money ledger, so every
 * receipted sale counts (consultations and reports) and refunds come off. The counts are the ones
 * the tables' triggers keep (migration 0065 says what each means), and the pending payments are
 * counted through their partial index, so the cards cost the same at a million appointments as at
 * ten; the average fee is over doctors who have set one.
 */
export async function adminStats(db: Db): Promise<AdminStats> {
  const counted = rowsOf<{ name: Counted; n: string }>(
    await db.execute(sql`select ${rowCounts.name} as name, sum(${rowCounts.n})::text as n from ${rowCounts}
      group by ${rowCounts.name}`),
  );
  const count = (name: Counted) => Number(counted.find((row) => row.name === name)?.n ?? 0);
  const [pending] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(payments)
    .where(inList(payments.status, PENDING_PAYMENT_STATUSES));
  const [doctorRow] = await db
    .select({
      totalDoctors: sql<number>`count(*)::int`,
      avgConsultationFee: sql<number>`coalesce(round(avg(${doctors.consultationFee}) filter (where ${doctors.consultationFee} > 0)), 0)::int`,
    })
    .from(doctors);
  // From the ledger's running totals (migration 0062): summing the entries grew with the ledger.
  const [sales] = await db
    .select({ total: sql<number>`coalesce(sum(${ledgerTotals.amount}), 0)::bigint` })
    .from(ledgerTotals)
    .where(sql`${ledgerTotals.account} in ${SALE_ACCOUNTS} and ${ledgerTotals.kind} in ${SALE_KINDS}`);
  return {
    totalRevenue: Number(sales.total),
    paidConsultations: count('paid_consultations'),
    pendingPayments: pending.n,
    ...doctorRow,
    totalAppointments: count('appointments'),
    receiptsIssued: count('receipts'),
  };
}
