import { Clock } from 'lucide-react';
import type { ClientMessageKey } from '@common/i18n/keys';
import { localTimeZone } from '@common/rules/display-time';
import type { Appointment, AppointmentStatus } from '@common/schemas/appointments';
import { doctorName } from '../../lib/doctor-display';
import { textsFor } from '../../lib/i18n/areas';
import { useFormats } from '../../lib/i18n/use-formats';
import { Avatar } from '../../ui/avatar';
import { Badge, type BadgeVariant } from '../../ui/badge';
import { Card } from '../../ui/card';
import { CONSULTATION_TYPE_ICONS } from '../../ui/consultation-type-icons';
import { HoldNotice } from '../../ui/hold-notice';
import { AppointmentActions } from './appointment-actions';
import { isPaid, showRelease } from './rules';
import { TYPE_LABEL } from '../../ui/consultation-type-labels';
import { useWhen } from '../../lib/i18n/use-when';
import { ForMember } from '../../ui/booked-for';

const useT = textsFor('appointments', 'visits', 'ui');

const STATUS: Record<AppointmentStatus, { label: ClientMessageKey; variant: BadgeVariant }> = {
  pending: { label: 'appointments.status.pending', variant: 'warning' },
  confirmed: { label: 'appointments.status.confirmed', variant: 'success' },
  scheduled: { label: 'appointments.status.scheduled', variant: 'default' },
  completed: { label: 'appointments.status.completed', variant: 'secondary' },
  cancelled: { label: 'appointments.status.cancelled', variant: 'outline' },
  'no-show': { label: 'appointments.status.noShow', variant: 'outline' },
};

export function AppointmentCard({ appointment: a, now }: { appointment: Appointment; now: Date }) {
  const status = STATUS[a.status];
  const TypeIcon = CONSULTATION_TYPE_ICONS[a.consultationType];
  const refunded = a.payment?.status === 'refunded' || a.payment?.status === 'refund_pending';
  const t = useT();
  const f = useFormats();
  const time = useWhen();
  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-5" data-testid="appointment-card" data-status={a.status}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <Avatar
            firstName={a.doctor.user.firstName}
            lastName={a.doctor.user.lastName}
            src={a.doctor.user.profileImageUrl}
            className="h-12 w-12"
          />
          <div className="min-w-0">
            <h3 className="truncate font-semibold text-ink">{doctorName(a.doctor)}</h3>
            <p className="text-sm text-brand-700">{f.specialty(a.doctor.specialty)}</p>
            <ForMember member={a.familyMember} />
          </div>
        </div>
        <div className="flex flex-wrap gap-1.5">
          <Badge variant={status.variant}>{t(status.label)}</Badge>
          {isPaid(a) && <Badge variant="success">{t('appointments.badge.paid')}</Badge>}
          {refunded && (
            <Badge variant="secondary">
              {t(a.payment?.status === 'refunded' ? 'appointments.badge.refunded' : 'appointments.badge.refundPending')}
            </Badge>
          )}
        </div>
      </div>
      {showRelease(a) && <HoldNotice createdAt={a.createdAt} slotHold={a.slotHold} />}
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {/* A description list allows only dt and dd in its groups: the icon lives in the term. */}
        <div className="grid grid-cols-[auto_1fr] gap-x-2">
          <dt>
            <Clock className="mt-0.5 h-4 w-4 shrink-0 text-muted" aria-hidden />
            <span className="sr-only">{t('appointments.card.when')}</span>
          </dt>
          <dd className="font-medium text-ink">{time.when(a.startsAt, localTimeZone(), a.timeZone, new Date())}</dd>
        </div>
        <div className="grid grid-cols-[auto_1fr] gap-x-2">
          <dt>
            <TypeIcon className="mt-0.5 h-4 w-4 shrink-0 text-muted" aria-hidden />
            <span className="sr-only">{t('appointments.card.typeAndFee')}</span>
          </dt>
          <dd className="text-ink">
            {t(TYPE_LABEL[a.consultationType])} · <span className="font-medium">{f.money(a.fee)}</span>
          </dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-xs font-medium tracking-wide text-muted uppercase">{t('appointments.card.reason')}</dt>
          <dd className="break-words text-ink">{a.reasonForVisit}</dd>
        </div>
        {a.status === 'cancelled' && a.cancellationReason && (
          <div className="sm:col-span-2">
            <dt className="text-xs font-medium tracking-wide text-muted uppercase">
              {t('appointments.card.cancelledBy', { doctor: `Dr. ${a.doctor.user.lastName}` })}
            </dt>
            <dd className="break-words text-ink">{a.cancellationReason}</dd>
          </div>
        )}
        {a.additionalNotes && (
          <div className="sm:col-span-2">
            <dt className="text-xs font-medium tracking-wide text-muted uppercase">{t('appointments.card.notes')}</dt>
            <dd className="break-words text-ink">{a.additionalNotes}</dd>
          </div>
        )}
      </dl>
      <AppointmentActions appointment={a} now={now} />
    </Card>
  );
}
