import { sql } from 'drizzle-orm';
import type { AdminStats } from '@common/schemas/admin';
import type { Db } from '../../db/client';
import { appointments, doctors, payments } from '../../db/schema';

/**
 * The stat cards. Revenue is what patients paid and kept paid (succeeded payments less refunds);
 * pending payments are checkouts not yet succeeded nor abandoned; the average fee is over doctors
 * who have set one.
 */
export async function adminStats(db: Db): Promise<AdminStats> {
  const [money] = await db
    .select({
      totalRevenue: sql<number>`coalesce(sum(${payments.amount} - ${payments.refundedAmount}) filter (where ${payments.status} = 'succeeded'), 0)::int`,
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
  return { ...money, ...doctorRow, ...appointmentRow };
}
