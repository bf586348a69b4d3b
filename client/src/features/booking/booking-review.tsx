import { TriangleAlert } from 'lucide-react';
import { useMemo } from 'react';
import { CONSULTATION_TYPE_LABELS } from '@common/constants/consultation-types';
import { feeForType, formatMoney } from '@common/rules/fees';
import { localTimeZone, longDate, timeText } from '@common/rules/display-time';
import type { PublicDoctor } from '@common/schemas/doctors';
import { Button } from '../../ui/button';
import { STEP_HEADING } from '../../ui/step-focus';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { useOverlaps } from './api';
import type { BookingDraft } from './booking-form';
import { overlapText, visitSpan } from './overlap';

/** Step 2 of booking: everything the patient is about to book, with Back to Edit. */
export function BookingReview({
  doctor,
  draft,
  submitting,
  onBack,
  onSubmit,
}: {
  doctor: PublicDoctor;
  draft: BookingDraft;
  submitting: boolean;
  onBack: () => void;
  onSubmit: () => void;
}) {
  const slot = draft.slot!;
  const span = useMemo(() => visitSpan(slot), [slot]);
  const overlaps = useOverlaps(span).data ?? [];
  const rows: [string, string][] = [
    ['Doctor', `Dr. ${doctor.user.firstName} ${doctor.user.lastName} · ${doctor.specialty}`],
    ['Consultation type', CONSULTATION_TYPE_LABELS[draft.consultationType]],
    ['Date', longDate(slot.startsAt)],
    ['Time', timeText(slot.startsAt, localTimeZone(), doctor.timeZone)],
    ['Fee', formatMoney(feeForType(doctor, draft.consultationType))],
    ['Reason for visit', draft.reasonForVisit.trim()],
    ['Additional notes', draft.additionalNotes.trim() || 'None'],
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle {...STEP_HEADING} className="outline-none">
          Review Your Booking
        </CardTitle>
        <CardDescription>Check the details, then book. You pay on the next screen.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[11rem_1fr]">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-sm text-muted">{label}</dt>
              <dd className="text-sm font-medium break-words text-ink">{value}</dd>
            </div>
          ))}
        </dl>
        {overlaps.length > 0 && (
          <div
            role="alert"
            className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
            data-testid="overlap-warning"
          >
            <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            <div>
              {overlaps.map((o) => (
                <p key={o.id} className="font-semibold">
                  {overlapText(o)}.
                </p>
              ))}
              <p>This time overlaps it. Book it anyway, or pick another time.</p>
            </div>
          </div>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onBack} disabled={submitting}>
            {overlaps.length > 0 ? 'Pick Another Time' : 'Back to Edit'}
          </Button>
          <Button onClick={onSubmit} disabled={submitting}>
            {submitting ? 'Booking...' : overlaps.length > 0 ? 'Book Anyway' : 'Book Appointment'}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
