import { CalendarDays, Sparkles } from 'lucide-react';
import { CONSULTATION_TYPE_LABELS } from '@common/constants/consultation-types';
import { localTimeZone, whenText } from '@common/rules/display-time';
import { Skeleton } from '../../ui/spinner';
import { useCheckoutAppointment, type CheckoutTarget } from './api';

/** What is being paid for: the booked appointment, or how a specialty payment finds its doctor. */
export function CheckoutSummary({ target }: { target: CheckoutTarget }) {
  const appointment = useCheckoutAppointment(target.kind === 'appointment' ? target.appointmentId : null);
  if (target.kind === 'specialty') {
    return (
      <div className="flex gap-3 rounded-lg border border-brand-100 bg-brand-50 p-4 text-sm text-brand-900">
        <Sparkles className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
        <p>
          After payment we match you with the best-rated verified {target.specialty} specialist who has the earliest
          free slot, and confirm a video consultation with them straight away.
        </p>
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
          {CONSULTATION_TYPE_LABELS[a.consultationType]} with Dr. {a.doctor.user.firstName} {a.doctor.user.lastName}
        </p>
        <p className="text-muted">{whenText(a.startsAt, localTimeZone(), a.timeZone)}</p>
      </div>
    </div>
  );
}
