import { CalendarDays } from 'lucide-react';
import { Link } from 'react-router';
import { LIVE_APPOINTMENT_STATUSES } from '@common/constants/statuses';
import type { Appointment } from '@common/schemas/appointments';
import { usePatientAppointments } from '../../lib/patient-appointments';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { Skeleton } from '../../ui/spinner';

const UPCOMING_LIMIT = 3;
const LIVE: ReadonlySet<string> = new Set(LIVE_APPOINTMENT_STATUSES);

/** appointmentDate is the doctor's local calendar date (YYYY-MM-DD); show it as that date. */
function localDateLabel(date: string): string {
  const [y, m, d] = date.slice(0, 10).split('-').map(Number);
  if (!y || !m || !d) return date;
  return new Date(y, m - 1, d).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric' });
}

/** Appointments still to come from the start of today, soonest first, at most three. */
export function upcomingAppointments<T extends Pick<Appointment, 'status' | 'startsAt'>>(
  list: T[],
  now = new Date(),
): T[] {
  const today = new Date(now);
  today.setHours(0, 0, 0, 0);
  return list
    .filter((a) => LIVE.has(a.status) && Date.parse(a.startsAt) >= today.getTime())
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))
    .slice(0, UPCOMING_LIMIT);
}

export function UpcomingAppointments() {
  // A failed load shows the empty text: home is a summary, My Appointments shows the error.
  const { data, isPending } = usePatientAppointments();
  const upcoming = data ? upcomingAppointments(data) : [];
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle className="text-base">Upcoming Appointments</CardTitle>
        <Link to="/appointments" className="text-sm font-medium text-brand-700 hover:underline">
          View all
        </Link>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <div className="flex flex-col gap-2" aria-hidden>
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : upcoming.length === 0 ? (
          <p className="py-4 text-center text-sm text-muted">No upcoming appointments</p>
        ) : (
          <ul className="divide-y divide-line">
            {upcoming.map((a) => (
              <li key={a.id} className="flex items-center gap-3 py-3">
                <CalendarDays className="h-5 w-5 shrink-0 text-brand-700" aria-hidden />
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium">
                    Dr. {a.doctor.user.firstName} {a.doctor.user.lastName}
                    {a.doctor.specialty ? ` · ${a.doctor.specialty}` : ''}
                  </p>
                  <p className="text-xs text-muted">
                    {localDateLabel(a.appointmentDate)} at {a.appointmentTime}
                    <span className="sr-only"> ({a.timeZone})</span>
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
