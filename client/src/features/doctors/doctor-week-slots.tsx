import { CalendarX, Clock } from 'lucide-react';
import { useDeferredValue } from 'react';
import { Link } from 'react-router';
import { localDateOf, sameClock } from '@common/rules/display-time';
import type { PublicDoctor } from '@common/schemas/doctors';
import { slotBookingUrl } from '../../lib/doctor-display';
import { useHereZone } from '../../lib/here-zone';
import { textsFor } from '../../lib/i18n/areas';
import { useWhen } from '../../lib/i18n/use-when';
import { Button } from '../../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { Skeleton } from '../../ui/spinner';
import { VisitLengthNote } from '../../ui/visit-length-note';
import { useWeekSlots, WEEK_DAYS, type FreeSlot } from '../../lib/doctors-api';
import { TYPE_LABEL } from '../../ui/consultation-type-labels';

const useT = textsFor('doctor-page', 'slots', 'ui');

/** A day can hold a dozen slots; the rest are one click further, on the booking form for that day. */
const SHOWN_PER_DAY = 6;

function DaySlots({
  doctorId,
  day,
  slots,
  differs,
  doctorTimeZone,
}: {
  doctorId: string;
  day: string;
  slots: FreeSlot[];
  differs: boolean;
  doctorTimeZone: string;
}) {
  const t = useT();
  const when = useWhen();
  const label = when.shortDate(slots[0].startsAt, undefined, new Date());
  const more = slots.length - SHOWN_PER_DAY;
  return (
    <li className="flex flex-col gap-2">
      <h3 id={`slots-${day}`} className="text-sm font-semibold text-ink">
        {label}
      </h3>
      <ul aria-labelledby={`slots-${day}`} className="grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-6">
        {slots.slice(0, SHOWN_PER_DAY).map((slot) => (
          <li key={slot.startsAt}>
            <Link
              to={slotBookingUrl(doctorId, slot.startsAt)}
              className="flex min-h-11 flex-col items-center justify-center rounded-lg border border-line bg-white px-1 py-1.5 text-sm font-medium text-ink hover:border-brand-500 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              {/* Named by its text, not an aria-label, so the name holds the time on screen (WCAG 2.5.3). */}
              <span className="sr-only">{t('doctor-page.slots.bookAt', { day: label })}</span>
              <span>{when.slotTime(slot.startsAt)}</span>
              {differs && (
                <span aria-hidden className="whitespace-nowrap text-[10px] font-normal text-muted sm:text-[11px]">
                  {t('slots.doctors', { time: when.doctorClock(slot, doctorTimeZone) })}
                </span>
              )}
            </Link>
          </li>
        ))}
      </ul>
      {more > 0 && (
        <Link
          to={slotBookingUrl(doctorId, slots[0].startsAt, false)}
          className="w-fit text-sm font-medium text-brand-700 hover:underline"
        >
          {t('doctor-page.slots.more', { count: more, day: label })}
        </Link>
      )}
    </li>
  );
}

/** The doctor's free slots of the coming week in the visitor's zone; choosing one opens booking with it. */
export function DoctorWeekSlots({ doctor }: { doctor: PublicDoctor }) {
  const here = useHereZone();
  const t = useT();
  const when = useWhen();
  const week = useWeekSlots(doctor.id, doctor.timeZone);
  // Drawn from a deferred copy, in slices (see FindDoctorsPage): a week of slots, each with its
  // times in two zones, is the doctor page's heaviest render.
  // Without the visitor's zone (a page drawn on the server, being taken over) no slot has a day yet.
  const slots = useDeferredValue(week.isPending || here === undefined ? undefined : week.slots);
  const days = new Map<string, FreeSlot[]>();
  for (const slot of here === undefined ? [] : (slots ?? [])) {
    const day = localDateOf(slot.startsAt, here);
    days.set(day, [...(days.get(day) ?? []), slot]);
  }
  const differs = here !== undefined && (slots ?? []).some((s) => !sameClock(s.startsAt, here, doctor.timeZone));

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{t('doctor-page.slots.title')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 text-sm">
        <p className="flex items-start gap-1.5 text-xs text-muted">
          <Clock className="mt-0.5 h-3.5 w-3.5 shrink-0" aria-hidden />
          <span>
            {here === undefined
              ? t('doctor-page.slots.nextDaysAnyZone', { days: WEEK_DAYS })
              : t('doctor-page.slots.nextDays', { days: WEEK_DAYS, zone: when.zoneName(here) })}
            {doctor.timeZone !== here &&
              t('doctor-page.slots.doctorZone', {
                name: doctor.user.lastName,
                zone: when.zoneName(doctor.timeZone),
              })}
          </span>
        </p>
        <VisitLengthNote minutes={week.slots[0]?.minutes} kind={t(TYPE_LABEL.video)} />
        {slots === undefined && !week.isError ? (
          <div role="status" aria-label={t('doctor-page.slots.loading')} className="flex flex-col gap-2">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-11 w-full" />
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-11 w-full" />
          </div>
        ) : week.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-3">
            <p className="text-danger">{t('doctor-page.slots.failed')}</p>
            <Button variant="outline" size="sm" onClick={() => void week.refetch()}>
              {t('doctor-page.slots.retry')}
            </Button>
          </div>
        ) : days.size === 0 ? (
          <p className="flex items-center gap-2 rounded-lg border border-dashed border-line p-4 text-muted">
            <CalendarX className="h-5 w-5 shrink-0" aria-hidden />
            {t('doctor-page.slots.none')}
          </p>
        ) : (
          <ul className="flex flex-col gap-4" aria-label={t('doctor-page.slots.byDay')}>
            {[...days].map(([day, slots]) => (
              <DaySlots
                key={day}
                doctorId={doctor.id}
                day={day}
                slots={slots}
                differs={differs}
                doctorTimeZone={doctor.timeZone}
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
