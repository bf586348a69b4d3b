import { CalendarClock, ClipboardPen, Phone, Video } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { ClientMessageKey } from '@common/i18n/keys';
import { localTimeZone } from '@common/rules/display-time';
import type { AppointmentStatus } from '@common/schemas/appointments';
import type { Precheck } from '@common/schemas/prechecks';
import type { DoctorBookEntry } from '@common/schemas/reschedule';
import { textsFor } from '../../lib/i18n/areas';
import { Avatar } from '../../ui/avatar';
import { Badge, type BadgeVariant } from '../../ui/badge';
import { buttonClass } from '../../ui/button-class';
import { PrecheckSummary } from '../../ui/precheck-summary';
import { DoctorCancelDialog } from './cancel-dialog';
import { ProposeDialog } from './propose-dialog';
import { canCancel, canJoin, canPropose, canRecordOutcome, canWriteNotes } from './rules';
import { MessagePatient } from './message-patient';
import { VisitOutcomeActions } from './visit-outcome-actions';
import { TYPE_LABEL } from '../../ui/consultation-type-labels';
import { useWhen } from '../../lib/i18n/use-when';
import { BookedFor } from '../../ui/booked-for';

const useT = textsFor('visits', 'ui');

const STATUS: Record<AppointmentStatus, { label: ClientMessageKey; variant: BadgeVariant }> = {
  // A patient's unpaid hold: not an appointment until it is paid.
  pending: { label: 'visits.status.pending', variant: 'warning' },
  confirmed: { label: 'visits.status.confirmed', variant: 'success' },
  scheduled: { label: 'visits.status.scheduled', variant: 'default' },
  completed: { label: 'visits.status.completed', variant: 'secondary' },
  cancelled: { label: 'visits.status.cancelled', variant: 'outline' },
  'no-show': { label: 'visits.status.noShow', variant: 'outline' },
};

/**
 * One appointment of the book: a card on phones, a row of a grid from `md` up. The time is the
 * viewer's; the patient's follows in brackets where it reads differently.
 */
export function BookEntry({
  entry: e,
  now,
  precheck,
}: {
  entry: DoctorBookEntry;
  now: Date;
  /** The patient's pre-call check of this visit, when they have done one. */
  precheck?: Precheck;
}) {
  const zone = localTimeZone();
  const t = useT();
  const time = useWhen();
  const status = STATUS[e.status];
  const patient = `${e.patient.firstName} ${e.patient.lastName}`;
  const when = time.shortDate(e.startsAt, zone, now);
  // Recording an outcome removes the buttons that had the focus: the row takes it instead.
  const row = useRef<HTMLLIElement>(null);
  const focusOnChange = useRef(false);
  useEffect(() => {
    if (!focusOnChange.current) return;
    focusOnChange.current = false;
    row.current?.focus();
  }, [e.status]);
  const offers = {
    join: canJoin(e, now),
    notes: canWriteNotes(e, now),
    outcome: canRecordOutcome(e, now),
    propose: canPropose(e, now),
    cancel: canCancel(e, now),
    // A paid visit makes the patient one the doctor may write to (the server's rule decides).
    message: e.status === 'confirmed' || e.status === 'completed' || e.status === 'no-show',
  };
  const hasActions = Object.values(offers).some(Boolean);

  return (
    <li
      ref={row}
      tabIndex={-1}
      className="flex flex-col gap-3 rounded-xl border border-line bg-white p-4 md:grid md:grid-cols-[11rem_minmax(0,1fr)_auto] md:items-center md:gap-4 md:rounded-none md:border-0 md:border-b md:bg-transparent md:px-2 md:py-3 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-200"
      data-testid="book-entry"
      data-status={e.status}
    >
      <div className="text-sm">
        <p className="font-semibold text-ink">{when}</p>
        <p className="text-muted">{time.time(e.startsAt, zone, e.patientTimeZone)}</p>
      </div>
      <div className="flex min-w-0 items-start gap-3">
        <Avatar
          firstName={e.patient.firstName}
          lastName={e.patient.lastName}
          src={e.patient.profileImageUrl}
          className="h-9 w-9 shrink-0 text-xs"
        />
        <div className="min-w-0 flex-1">
          {e.familyMember ? (
            <BookedFor member={e.familyMember} holder={e.patient} />
          ) : (
            <p className="font-medium text-ink">{patient}</p>
          )}
          <p className="text-sm break-words text-muted">{e.reasonForVisit}</p>
          <div className="mt-1 flex flex-wrap gap-1.5">
            <Badge variant={status.variant}>{t(status.label)}</Badge>
            <Badge variant="secondary">{t(TYPE_LABEL[e.consultationType])}</Badge>
            {precheck && <PrecheckSummary result={precheck} consultationType={e.consultationType} />}
            {e.outsideHours && (
              <Badge variant="warning" data-testid="outside-hours">
                <CalendarClock className="me-1 h-3 w-3" aria-hidden />
                {t('visits.entry.outsideHours')}
              </Badge>
            )}
          </div>
          {e.outsideHours && <p className="mt-1 text-sm text-amber-900">{t('visits.entry.outsideHoursText')}</p>}
          {e.status === 'cancelled' && e.cancellationReason && (
            <p className="mt-1 text-sm text-muted">{t('visits.entry.reason', { reason: e.cancellationReason })}</p>
          )}
          {e.proposal && (
            <p className="mt-1 text-sm text-amber-900">
              {t('visits.entry.proposed', { when: time.when(e.proposal.startsAt, zone), patient: e.patient.firstName })}
            </p>
          )}
        </div>
      </div>
      <div
        role={hasActions ? 'group' : undefined}
        aria-label={hasActions ? t('visits.entry.actions', { patient, when }) : undefined}
        className="flex flex-wrap gap-2 md:justify-end"
      >
        {offers.join && (
          <Link to={`/consultation?appointmentId=${e.id}`} className={buttonClass('primary', 'sm')}>
            {e.consultationType === 'voice' ? (
              <Phone className="h-4 w-4" aria-hidden />
            ) : (
              <Video className="h-4 w-4" aria-hidden />
            )}{' '}
            {t('visits.entry.join')}
          </Link>
        )}
        {offers.notes && (
          <Link to={`/visit-notes/${e.id}`} className={buttonClass('outline', 'sm')}>
            <ClipboardPen className="h-4 w-4" aria-hidden /> {t('visits.entry.notes')}
          </Link>
        )}
        {offers.outcome && (
          <VisitOutcomeActions entry={e} joinOffered={offers.join} onRecording={() => (focusOnChange.current = true)} />
        )}
        {offers.message && <MessagePatient patientId={e.patientId} patient={patient} />}
        {offers.propose && <ProposeDialog entry={e} />}
        {offers.cancel && <DoctorCancelDialog entry={e} />}
      </div>
    </li>
  );
}
