import { Clock } from 'lucide-react';
import { CONSULTATION_TYPE_LABELS } from '@common/constants/consultation-types';
import { localTimeZone, whenText } from '@common/rules/display-time';
import { formatMoney } from '@common/rules/fees';
import type { Appointment, AppointmentStatus } from '@common/schemas/appointments';
import { Avatar } from '../../ui/avatar';
import { Badge, type BadgeVariant } from '../../ui/badge';
import { Card } from '../../ui/card';
import { CONSULTATION_TYPE_ICONS } from '../../ui/consultation-type-icons';
import { HoldNotice } from '../../ui/hold-notice';
import { AppointmentActions } from './appointment-actions';
import { isPaid, showRelease } from './rules';

const STATUS: Record<AppointmentStatus, { label: string; variant: BadgeVariant }> = {
  pending: { label: 'Awaiting payment', variant: 'warning' },
  confirmed: { label: 'Confirmed', variant: 'success' },
  scheduled: { label: 'Scheduled', variant: 'default' },
  completed: { label: 'Completed', variant: 'secondary' },
  cancelled: { label: 'Cancelled', variant: 'outline' },
  'no-show': { label: 'No-show', variant: 'outline' },
};

export function AppointmentCard({ appointment: a, now }: { appointment: Appointment; now: Date }) {
  const status = STATUS[a.status];
  const TypeIcon = CONSULTATION_TYPE_ICONS[a.consultationType];
  const refunded = a.payment?.status === 'refunded' || a.payment?.status === 'refund_pending';
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
            <h3 className="truncate font-semibold text-ink">
              Dr. {a.doctor.user.firstName} {a.doctor.user.lastName}
            </h3>
            <p className="text-sm text-brand-700">{a.doctor.specialty}</p>
          </div>
        </div>
        <div className="flex flex-wrap gap-1.5">
          <Badge variant={status.variant}>{status.label}</Badge>
          {isPaid(a) && <Badge variant="success">Paid</Badge>}
          {refunded && (
            <Badge variant="secondary">{a.payment?.status === 'refunded' ? 'Refunded' : 'Refund pending'}</Badge>
          )}
        </div>
      </div>
      {showRelease(a) && <HoldNotice createdAt={a.createdAt} />}
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {/* A description list allows only dt and dd in its groups: the icon lives in the term. */}
        <div className="grid grid-cols-[auto_1fr] gap-x-2">
          <dt>
            <Clock className="mt-0.5 h-4 w-4 shrink-0 text-muted" aria-hidden />
            <span className="sr-only">Date and time</span>
          </dt>
          <dd className="font-medium text-ink">{whenText(a.startsAt, localTimeZone(), a.timeZone, new Date())}</dd>
        </div>
        <div className="grid grid-cols-[auto_1fr] gap-x-2">
          <dt>
            <TypeIcon className="mt-0.5 h-4 w-4 shrink-0 text-muted" aria-hidden />
            <span className="sr-only">Consultation type and fee</span>
          </dt>
          <dd className="text-ink">
            {CONSULTATION_TYPE_LABELS[a.consultationType]} · <span className="font-medium">{formatMoney(a.fee)}</span>
          </dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-xs font-medium tracking-wide text-muted uppercase">Reason for visit</dt>
          <dd className="break-words text-ink">{a.reasonForVisit}</dd>
        </div>
        {a.status === 'cancelled' && a.cancellationReason && (
          <div className="sm:col-span-2">
            <dt className="text-xs font-medium tracking-wide text-muted uppercase">
              Cancelled by Dr. {a.doctor.user.lastName}
            </dt>
            <dd className="break-words text-ink">{a.cancellationReason}</dd>
          </div>
        )}
        {a.additionalNotes && (
          <div className="sm:col-span-2">
            <dt className="text-xs font-medium tracking-wide text-muted uppercase">Notes</dt>
            <dd className="break-words text-ink">{a.additionalNotes}</dd>
          </div>
        )}
      </dl>
      <AppointmentActions appointment={a} now={now} />
    </Card>
  );
}
