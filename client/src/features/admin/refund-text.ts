import { LIVE_APPOINTMENT_STATUSES } from '@common/constants/statuses';
import type { AdminPaymentDetail } from '@common/schemas/admin';
import type { Translate } from '../../lib/i18n/use-t';

const LIVE: ReadonlySet<string> = new Set(LIVE_APPOINTMENT_STATUSES);

/**
 * What a console refund does, said before it is done: the server cancels a live appointment with
 * the refund (server/src/modules/admin/payments.ts), so the administrator is told so in words.
 */
export function refundConsequence(
  p: Pick<AdminPaymentDetail, 'amount' | 'patient' | 'doctor' | 'appointment'>,
  words: {
    t: Translate;
    money: (cents: number) => string;
    when: (instant: string) => string;
    status: (code: string) => string;
  },
) {
  const { t } = words;
  const money = t('admin.refund.money', { amount: words.money(p.amount), patient: p.patient.name });
  if (p.appointment && LIVE.has(p.appointment.status)) {
    const when = words.when(p.appointment.startsAt);
    const cancelled = p.doctor
      ? t('admin.refund.cancelsWithDoctor', { doctor: p.doctor.name, when })
      : t('admin.refund.cancels', { when });
    return `${money} ${cancelled}`;
  }
  if (p.appointment) return `${money} ${t('admin.refund.stays', { status: words.status(p.appointment.status) })}`;
  return money;
}
