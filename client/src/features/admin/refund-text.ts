import { LIVE_APPOINTMENT_STATUSES } from '@common/constants/statuses';
import { formatMoney } from '@common/rules/fees';
import type { AdminPaymentDetail } from '@common/schemas/admin';
import { whenText } from '@common/rules/display-time';

const LIVE: ReadonlySet<string> = new Set(LIVE_APPOINTMENT_STATUSES);

/**
 * What a console refund does, said before it is done: the server cancels a live appointment with
 * the refund (server/src/modules/admin/payments.ts), so the administrator is told so in words.
 */
export function refundConsequence(p: Pick<AdminPaymentDetail, 'amount' | 'patient' | 'doctor' | 'appointment'>) {
  const money = `${formatMoney(p.amount)} goes back to ${p.patient.name}.`;
  if (p.appointment && LIVE.has(p.appointment.status)) {
    const when = whenText(p.appointment.startsAt);
    const doctor = p.doctor ? ` with Dr. ${p.doctor.name}` : '';
    return `${money} The appointment${doctor} on ${when} will be cancelled, and both sides will be told. The doctor's share is taken back.`;
  }
  if (p.appointment) return `${money} The appointment is ${p.appointment.status} and stays as it is.`;
  return money;
}
