import { CalendarDays } from 'lucide-react';
import { Link } from 'react-router';
import type { Appointment } from '@common/schemas/appointments';
import { localTimeZone } from '@common/rules/display-time';
import { holdOf, isUnpaidHold } from '@common/rules/hold';
import { isUpcomingVisit } from '@common/rules/upcoming-visit';
import { textsFor } from '../../lib/i18n/areas';
import { useFormats } from '../../lib/i18n/use-formats';
import { useWhen } from '../../lib/i18n/use-when';
import { doctorName } from '../../lib/doctor-display';
import { itemsOf, usePatientAppointments } from '../../lib/patient-appointments';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { Skeleton } from '../../ui/spinner';

const useT = textsFor('home', 'ui');
const UPCOMING_LIMIT = 3;

/** Appointments still to come or under way (not over: common/rules/join-window.ts), soonest first, at most three. */
export function upcomingAppointments<T extends Pick<Appointment, 'status' | 'startsAt' | 'durationMinutes'>>(
  list: T[],
  now = new Date(),
): T[] {
  return list
    .filter((a) => isUpcomingVisit(a, now))
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))
    .slice(0, UPCOMING_LIMIT);
}

export function UpcomingAppointments() {
  // A failed load shows the empty text: home is a summary, My Appointments shows the error.
  const { data, isPending } = usePatientAppointments('upcoming');
  const t = useT();
  const format = useFormats();
  const when = useWhen();
  const upcoming = upcomingAppointments(itemsOf(data));
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle className="text-base">{t('home.upcoming.title')}</CardTitle>
        <Link to="/appointments" className="text-sm font-medium text-brand-700 hover:underline">
          {t('home.upcoming.viewAll')}
        </Link>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <div className="flex flex-col gap-2" aria-hidden>
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : upcoming.length === 0 ? (
          <p className="py-4 text-center text-sm text-muted">{t('home.upcoming.none')}</p>
        ) : (
          <ul className="divide-y divide-line">
            {upcoming.map((a) => (
              <li key={a.id} className="flex items-center gap-3 py-3">
                <CalendarDays className="h-5 w-5 shrink-0 text-brand-700" aria-hidden />
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium">
                    {a.doctor.specialty
                      ? t('home.upcoming.doctorWithSpecialty', {
                          name: doctorName(a.doctor),
                          specialty: format.specialty(a.doctor.specialty),
                        })
                      : doctorName(a.doctor)}
                  </p>
                  <p className="text-xs text-muted">{when.soon(a.startsAt, localTimeZone(), a.timeZone)}</p>
                  {isUnpaidHold(a) && (
                    <p className="text-xs font-medium text-amber-900">
                      {t('ui.hold.title', { minutes: holdOf(a).minutes })}
                    </p>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
