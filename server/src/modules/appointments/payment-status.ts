import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PaymentStatus } from '@common/constants/statuses';
import { payments } from '../../db/schema';

/**
 * An appointment's payment status as one SQL expression, for every query that asks whether the
 * appointment is paid. An appointment has at most one payment (payments_appointment_key in
 * db/schema.ts), so the lookup is a single row by that index and never fans out. `appointmentId`
 * is the outer query's appointment id column (or `sql\`a.id\`` in raw SQL). The screens' rows
 * (appointments/queries.ts) join the payment instead, on the same key.
 */
export const appointmentPaymentStatus = (appointmentId: SQLWrapper): SQL<PaymentStatus | null> =>
  sql<PaymentStatus | null>`(select ${payments.status} from ${payments} where ${payments.appointmentId} = ${appointmentId})`;

/** True when the appointment's payment succeeded (and has not been refunded since). */
export const isPaid = (appointmentId: SQLWrapper): SQL<boolean> =>
  sql`${appointmentPaymentStatus(appointmentId)} = ${'succeeded' satisfies PaymentStatus}`;

/** True while no checkout has got past choosing a card: no payment, or one still waiting for it. */
export const paymentNotStarted = (appointmentId: SQLWrapper): SQL<boolean> => {
  const waiting: PaymentStatus = 'requires_payment_method';
  return sql`coalesce(${appointmentPaymentStatus(appointmentId)}, ${waiting}) = ${waiting}`;
};

/**
 * Payment states that do not keep an unpaid booking's slot once its hold has run out: nothing
 * started, or a checkout stuck before the money moved (waiting for a card, a confirmation or a
 * 3-D Secure step the patient abandoned) or given up. `processing` keeps the slot: money is moving.
 */
const NOT_HOLDING: PaymentStatus[] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'canceled',
];
export const paymentNotHolding = (appointmentId: SQLWrapper): SQL<boolean> =>
  sql`coalesce(${appointmentPaymentStatus(appointmentId)}, ${NOT_HOLDING[0]}) in ${NOT_HOLDING}`;
