import { CalendarDays, Sparkles } from 'lucide-react';
import { localTimeZone } from '@common/rules/display-time';
import { textsFor } from '../../lib/i18n/areas';
import { useFormats } from '../../lib/i18n/use-formats';
import { useWhen } from '../../lib/i18n/use-when';
import { Skeleton } from '../../ui/spinner';
import { TYPE_LABEL } from '../../ui/consultation-type-labels';
import { useCheckoutAppointment, type CheckoutTarget } from './api';

const useT = textsFor('checkout', 'ui');

/** What is being paid for: the booked appointment, or how a specialty payment finds its doctor. */
export function CheckoutSummary({ target }: { target: CheckoutTarget }) {
  const t = useT();
  const format = useFormats();
  const when = useWhen();
  const appointment = useCheckoutAppointment(target.kind === 'appointment' ? target.appointmentId : null);
  if (target.kind === 'specialty') {
    return (
      <div className="flex gap-3 rounded-lg border border-brand-100 bg-brand-50 p-4 text-sm text-brand-900">
        <Sparkles className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
        <p>{t('checkout.specialtyMatch', { specialty: format.specialty(target.specialty) })}</p>
      </div>
    );
  }
  if (appointment.isPending) return <Skeleton className="h-16 w-full" />;
  if (!appointment.data) return null;
  const a = appointment.data;
  return (
    <div className="flex gap-3 rounded-lg border border-line bg-surface p-4 text-sm">
      <CalendarDays className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
      <div>
        <p className="font-medium text-ink">
          {t('checkout.summary', {
            type: t(TYPE_LABEL[a.consultationType]),
            name: `Dr. ${a.doctor.user.firstName} ${a.doctor.user.lastName}`,
          })}
        </p>
        <p className="text-muted">{when.when(a.startsAt, localTimeZone(), a.timeZone)}</p>
      </div>
    </div>
  );
}
