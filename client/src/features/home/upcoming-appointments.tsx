import { useQuery } from '@tanstack/react-query';
import { CalendarDays } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { Skeleton } from '../../ui/spinner';

/** The few fields home needs from GET /api/appointments/patient (spec §3 Appointment). */
type AppointmentSummary = {
  id: string;
  status: string;
  appointmentDate: string;
  appointmentTime: string;
  consultationType?: string;
  startsAt?: string;
  timeZone?: string;
  doctor?: { specialty?: string; user?: { firstName?: string; lastName?: string } };
};

const UPCOMING_LIMIT = 3;
const CLOSED = new Set(['cancelled', 'completed', 'no-show']);
const startOf = (a: AppointmentSummary) => new Date(a.startsAt ?? a.appointmentDate).getTime();

/** appointmentDate is the doctor's local calendar date (YYYY-MM-DD); show it as that date. */
function localDateLabel(date: string): string {
  const [y, m, d] = date.slice(0, 10).split('-').map(Number);
  if (!y || !m || !d) return date;
  return new Date(y, m - 1, d).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric' });
}

export function upcomingAppointments(list: AppointmentSummary[], now = new Date()): AppointmentSummary[] {
  const today = new Date(now);
  today.setHours(0, 0, 0, 0);
  return list
    .filter((a) => !CLOSED.has(a.status) && startOf(a) >= today.getTime())
    .sort((a, b) => startOf(a) - startOf(b))
    .slice(0, UPCOMING_LIMIT);
}

export function UpcomingAppointments() {
  // Any failure (the endpoint may not exist yet) shows the empty text rather than an error.
  const { data, isPending } = useQuery<AppointmentSummary[] | null>({
    queryKey: ['/api/appointments/patient'],
    queryFn: () =>
      fetch('/api/appointments/patient', { credentials: 'include' })
        .then((r) => (r.ok ? r.json() : null))
        .catch(() => null),
  });
  const upcoming = Array.isArray(data) ? upcomingAppointments(data) : [];
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
                    {a.doctor?.user
                      ? `Dr. ${a.doctor.user.firstName ?? ''} ${a.doctor.user.lastName ?? ''}`
                      : 'Consultation'}
                    {a.doctor?.specialty ? ` · ${a.doctor.specialty}` : ''}
                  </p>
                  <p className="text-xs text-muted">
                    {localDateLabel(a.appointmentDate)} at {a.appointmentTime}
                    {a.timeZone ? <span className="sr-only"> ({a.timeZone})</span> : null}
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
