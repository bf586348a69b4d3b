import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PaymentStatus } from '@common/constants/statuses';
import { payments } from '../../db/schema';

/**
 * An appointment's payment as one SQL expression, for every query that shows it or asks whether
 * the appointment is paid. An appointment has at most one payment (payments_appointment_key in
 * db/schema.ts), so each lookup is a single row by payments_appointment_idx and never fans out.
 * `appointmentId` is the outer query's appointment id column (or `sql\`a.id\`` in raw SQL).
 */
export function appointmentPayment(appointmentId: SQLWrapper) {
  const of = <T>(column: SQLWrapper) =>
    sql<T | null>`(select ${column} from ${payments} where ${payments.appointmentId} = ${appointmentId})`;
  return {
    status: of<PaymentStatus>(payments.status),
    refundedAmount: of<number>(payments.refundedAmount),
  };
}

export const appointmentPaymentStatus = (appointmentId: SQLWrapper): SQL<PaymentStatus | null> =>
  appointmentPayment(appointmentId).status;

/** True when the appointment's payment succeeded (and has not been refunded since). */
export const isPaid = (appointmentId: SQLWrapper): SQL<boolean> =>
  sql`${appointmentPaymentStatus(appointmentId)} = ${'succeeded' satisfies PaymentStatus}`;

/** True while no checkout has got past choosing a card: no payment, or one still waiting for it. */
export const paymentNotStarted = (appointmentId: SQLWrapper): SQL<boolean> => {
  const waiting: PaymentStatus = 'requires_payment_method';
  return sql`coalesce(${appointmentPaymentStatus(appointmentId)}, ${waiting}) = ${waiting}`;
};
