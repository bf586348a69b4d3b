import { CalendarPlus, CreditCard, MapPin, Phone, Video } from 'lucide-react';
import { Link } from 'react-router';
import { CANCEL_WINDOW_HOURS } from '@common/constants/platform';
import type { Appointment } from '@common/schemas/appointments';
import { errorMessage } from '../../lib/api';
import { textsFor } from '../../lib/i18n/areas';
import { useReleaseHold } from '../../lib/release-hold';
import { Button } from '../../ui/button';
import { buttonClass } from '../../ui/button-class';
import { JoinOpensNote } from '../../ui/join-opens-note';
import { ReceiptLink } from '../../ui/receipt-link';
import { toast } from '../../ui/toast-store';
import { CancelDialog } from './cancel-dialog';
import { canDispute, DisputeDialog } from './dispute-dialog';
import { ReviewDialog } from './review-dialog';
import { VisitSummaryButton } from './visit-summary-dialog';
import { CareDocumentsButton, visitHasStarted } from './care-documents-button';
import { RescheduleDialog } from './reschedule-dialog';
import {
  cancelBlockedReason,
  directionsUrl,
  canJoin,
  joinNotYet,
  showVisitLinks,
  rescheduleBlockedReason,
  showLeaveReview,
  showPayNow,
  showRelease,
} from './rules';

const useT = textsFor('appointments');

/** An appointment's buttons, each shown only when its rule in ./rules.ts allows it. */
export function AppointmentActions({ appointment: a, now }: { appointment: Appointment; now: Date }) {
  const blocked = cancelBlockedReason(a, now);
  const moveBlocked = rescheduleBlockedReason(a, now);
  const join = canJoin(a, now);
  const visitLinks = showVisitLinks(a, now);
  const room = `/consultation?appointmentId=${a.id}`;
  const address = a.doctor.officeAddress ?? `${a.doctor.location}, ${a.doctor.country}`;
  const completed = a.status === 'completed';
  const started = visitHasStarted(a, now);
  const receiptId = a.payment?.receiptId ?? null;
  const t = useT();
  if (
    !showPayNow(a) &&
    !visitLinks &&
    !showLeaveReview(a) &&
    !completed &&
    !started &&
    blocked === undefined &&
    !canDispute(a, now) &&
    a.outcomeHold?.status !== 'disputed' &&
    !showRelease(a, now) &&
    !receiptId
  )
    return null;
  return (
    // empty:hidden: a completed visit without a shared summary or a review to write shows no row.
    <div className="flex flex-wrap gap-2 empty:hidden">
      {showPayNow(a) && (
        <Link to={`/checkout?appointmentId=${a.id}`} className={buttonClass('primary', 'sm')}>
          <CreditCard className="h-4 w-4" aria-hidden /> {t('appointments.action.payNow')}
        </Link>
      )}
      {showRelease(a, now) && <ReleaseButton id={a.id} />}
      {join && a.consultationType === 'video' && (
        <Link to={room} className={buttonClass('primary', 'sm')}>
          <Video className="h-4 w-4" aria-hidden /> {t('appointments.action.joinVideo')}
        </Link>
      )}
      {join && a.consultationType === 'voice' && (
        <Link to={room} className={buttonClass('primary', 'sm')}>
          <Phone className="h-4 w-4" aria-hidden /> {t('appointments.action.joinVoice')}
        </Link>
      )}
      {joinNotYet(a, now) && (
        <JoinOpensNote
          label={t(a.consultationType === 'voice' ? 'appointments.action.joinVoice' : 'appointments.action.joinVideo')}
        />
      )}
      {visitLinks && a.consultationType === 'in-person' && (
        <a
          href={directionsUrl(address)}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass('primary', 'sm')}
        >
          <MapPin className="h-4 w-4" aria-hidden /> {t('appointments.action.directions')}
        </a>
      )}
      {visitLinks && (
        <a href={`/api/appointments/${a.id}/calendar.ics`} download className={buttonClass('outline', 'sm')}>
          <CalendarPlus className="h-4 w-4" aria-hidden /> {t('appointments.action.calendar')}
        </a>
      )}
      {receiptId && <ReceiptLink receiptId={receiptId} />}
      {completed && <VisitSummaryButton appointment={a} />}
      {started && <CareDocumentsButton appointment={a} />}
      {canDispute(a, now) && <DisputeDialog appointment={a} />}
      {a.outcomeHold?.status === 'disputed' && (
        <span className="text-sm text-muted">{t('appointments.dispute.open')}</span>
      )}
      {showLeaveReview(a) && <ReviewDialog appointment={a} />}
      {moveBlocked === null && <RescheduleDialog appointment={a} />}
      {typeof moveBlocked === 'string' && (
        <Unavailable label={t('appointments.action.reschedule')} reason={t(moveBlocked, BLOCKED_VALUES)} />
      )}
      {blocked === null && <CancelDialog appointment={a} />}
      {typeof blocked === 'string' && (
        <Unavailable label={t('appointments.action.cancel')} reason={t(blocked, BLOCKED_VALUES)} />
      )}
    </div>
  );
}

/** Not offered now: the button stays, with its reason written beside it (the design system's `reason`). */
function Unavailable({ label, reason }: { label: string; reason: string }) {
  return (
    <Button variant="outline" size="sm" reason={reason}>
      {label}
    </Button>
  );
}

const BLOCKED_VALUES = { hours: CANCEL_WINDOW_HOURS };

/** An unpaid booking is let go at once: no dialog, since nothing was paid and nothing is lost but the hold. */
function ReleaseButton({ id }: { id: string }) {
  const release = useReleaseHold();
  const t = useT();
  const handleRelease = () =>
    release.mutate(id, {
      onSuccess: () =>
        toast({
          title: t('appointments.release.done'),
          description: t('appointments.release.doneText'),
          variant: 'success',
        }),
      onError: (e) =>
        toast({
          title: t('appointments.release.failed'),
          description: errorMessage(e, t('appointments.release.failedText')),
          variant: 'destructive',
        }),
    });
  return (
    <Button variant="outline" size="sm" onClick={handleRelease} disabled={release.isPending}>
      {t(release.isPending ? 'appointments.release.pending' : 'appointments.release.button')}
    </Button>
  );
}
