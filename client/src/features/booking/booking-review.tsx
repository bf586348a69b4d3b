import { TriangleAlert } from 'lucide-react';
import { useMemo } from 'react';
import { feeForType } from '@common/rules/fees';
import { localTimeZone } from '@common/rules/display-time';
import type { PublicDoctor } from '@common/schemas/doctors';
import { textsFor } from '../../lib/i18n/areas';
import { useFormats } from '../../lib/i18n/use-formats';
import { useWhen } from '../../lib/i18n/use-when';
import { Button } from '../../ui/button';
import { STEP_HEADING } from '../../ui/step-focus';
import { ChangeWindowNotice } from '../../ui/change-window-notice';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { useOverlaps } from './api';
import type { BookingDraft } from './booking-form';
import { visitSpan } from './overlap';
import { TYPE_LABEL } from '../../ui/consultation-type-labels';

const useT = textsFor('booking', 'ui');

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
  const t = useT();
  const format = useFormats();
  const when = useWhen();
  const slot = draft.slot!;
  const span = useMemo(() => visitSpan(slot), [slot]);
  const overlaps = useOverlaps(span).data ?? [];
  // The third value marks what the patient typed: it keeps its own direction (`dir="auto"`).
  const rows: [string, string, typed?: true][] = [
    [
      t('booking.review.doctor'),
      t('booking.review.doctorValue', {
        name: `Dr. ${doctor.user.firstName} ${doctor.user.lastName}`,
        specialty: format.specialty(doctor.specialty),
      }),
    ],
    [t('booking.type.legend'), t(TYPE_LABEL[draft.consultationType])],
    [t('booking.form.date'), when.longDate(slot.startsAt)],
    [t('booking.form.time'), when.time(slot.startsAt, localTimeZone(), doctor.timeZone)],
    [t('booking.review.fee'), format.money(feeForType(doctor, draft.consultationType))],
    [t('booking.form.reason'), draft.reasonForVisit.trim(), true],
    [t('booking.review.notes'), draft.additionalNotes.trim() || t('booking.review.none'), true],
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle {...STEP_HEADING} className="outline-none">
          {t('booking.review.title')}
        </CardTitle>
        <CardDescription>{t('booking.review.subtitle')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[11rem_1fr]">
          {rows.map(([label, value, typed]) => (
            <div key={label} className="contents">
              <dt className="text-sm text-muted">{label}</dt>
              <dd className="text-sm font-medium break-words text-ink" dir={typed ? 'auto' : undefined}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
        <ChangeWindowNotice startsAt={slot.startsAt} />
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
                  {t('booking.review.overlap', {
                    doctor: o.doctorName,
                    time: format.date(o.startsAt, 'time'),
                  })}
                </p>
              ))}
              <p>{t('booking.review.overlapHint')}</p>
            </div>
          </div>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onBack} disabled={submitting}>
            {t(overlaps.length > 0 ? 'booking.review.pickAnother' : 'booking.review.back')}
          </Button>
          <Button onClick={onSubmit} disabled={submitting}>
            {t(
              submitting
                ? 'booking.review.booking'
                : overlaps.length > 0
                  ? 'booking.review.bookAnyway'
                  : 'booking.title',
            )}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
