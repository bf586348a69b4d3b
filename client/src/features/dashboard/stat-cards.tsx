import { CalendarDays, CalendarRange, Star, Users } from 'lucide-react';
import type { DashboardStats } from '@common/schemas/dashboard';
import { Card } from '../../ui/card';
import { Skeleton } from '../../ui/spinner';

export function StatCards({ stats }: { stats: DashboardStats | undefined }) {
  const cards = [
    { label: "Today's Appointments", value: stats?.todayAppointments, icon: CalendarDays },
    { label: 'Total Patients', value: stats?.totalPatients, icon: Users },
    { label: 'Upcoming This Week', value: stats?.upcomingThisWeek, icon: CalendarRange },
    { label: 'Average Rating', value: stats?.averageRating.toFixed(1), icon: Star },
  ];
  return (
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Practice statistics">
      {cards.map(({ label, value, icon: Icon }) => (
        <li key={label}>
          <Card className="flex h-full items-center gap-3 p-4">
            <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
              <Icon className="h-5 w-5" aria-hidden />
            </span>
            <div className="min-w-0">
              <p className="text-xs text-muted sm:text-sm">{label}</p>
              {value === undefined ? (
                <Skeleton className="mt-1 h-6 w-10" />
              ) : (
                <p className="text-xl font-bold text-ink" data-testid={`stat-${label}`}>
                  {value}
                </p>
              )}
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
