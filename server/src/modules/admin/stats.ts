import { sql } from 'drizzle-orm';
import type { AdminStats } from '@common/schemas/admin';
import type { Db } from '../../db/client';
import { appointments, doctors, ledgerTotals, payments, receipts } from '../../db/schema';
import { account } from '../ledger/ledger';

/**
 * Sales, less what went back: card and wallet payments of consultations into the clearing account
 * minus refunds, and outbreak report sales into report revenue (docs/domain-core.md, the ledger table).
 */
const SALE_KINDS = ['card_charge', 'wallet_payment', 'report_sale', 'card_refund_requested', 'wallet_payment_refund'];
const SALE_ACCOUNTS = [account.platformRevenue, account.reportRevenue];

/**
 * The stat cards. Revenue is what patients paid and kept paid, from the money ledger, so every
 * receipted sale counts (consultations and reports) and refunds come off;
 * pending payments are checkouts not yet succeeded nor abandoned; the average fee is over doctors
 * who have set one.
 */
export async function adminStats(db: Db): Promise<AdminStats> {
  const [money] = await db
    .select({
      paidConsultations: sql<number>`(count(*) filter (where ${payments.status} = 'succeeded' and ${payments.appointmentId} is not null))::int`,
      pendingPayments: sql<number>`(count(*) filter (where ${payments.status} in ('requires_payment_method', 'requires_confirmation', 'requires_action', 'processing', 'requires_capture', 'refund_pending')))::int`,
    })
    .from(payments);
  const [doctorRow] = await db
    .select({
      totalDoctors: sql<number>`count(*)::int`,
      avgConsultationFee: sql<number>`coalesce(round(avg(${doctors.consultationFee}) filter (where ${doctors.consultationFee} > 0)), 0)::int`,
    })
    .from(doctors);
  const [appointmentRow] = await db.select({ totalAppointments: sql<number>`count(*)::int` }).from(appointments);
  // From the ledger's running totals (migration 0062): summing the entries grew with the ledger.
  const [sales] = await db
    .select({ total: sql<number>`coalesce(sum(${ledgerTotals.amount}), 0)::bigint` })
    .from(ledgerTotals)
    .where(sql`${ledgerTotals.account} in ${SALE_ACCOUNTS} and ${ledgerTotals.kind} in ${SALE_KINDS}`);
  const [issued] = await db.select({ count: sql<number>`count(*)::int` }).from(receipts);
  return {
    totalRevenue: Number(sales.total),
    ...money,
    ...doctorRow,
    ...appointmentRow,
    receiptsIssued: issued.count,
  };
}
