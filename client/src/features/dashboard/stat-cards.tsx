import { CalendarDays, CalendarRange, Star, Users } from 'lucide-react';
import type { ClientMessageKey } from '@common/i18n/keys';
import type { DashboardStats } from '@common/schemas/dashboard';
import { textsFor } from '../../lib/i18n/areas';
import { useFormats } from '../../lib/i18n/use-formats';
import { Card } from '../../ui/card';
import { Skeleton } from '../../ui/spinner';

const useT = textsFor('dashboard');
const ONE_DECIMAL = { minimumFractionDigits: 1, maximumFractionDigits: 1 };

export function StatCards({ stats }: { stats: DashboardStats | undefined }) {
  const t = useT();
  const { number } = useFormats();
  const count = (value: number | undefined) => (value === undefined ? undefined : number(value));
  const cards: { id: string; label: ClientMessageKey; value: string | undefined; icon: typeof Star }[] = [
    { id: 'today', label: 'dashboard.stats.today', value: count(stats?.todayAppointments), icon: CalendarDays },
    { id: 'patients', label: 'dashboard.stats.patients', value: count(stats?.totalPatients), icon: Users },
    { id: 'week', label: 'dashboard.stats.week', value: count(stats?.upcomingThisWeek), icon: CalendarRange },
    {
      id: 'rating',
      label: 'dashboard.stats.rating',
      value: stats ? number(stats.averageRating, ONE_DECIMAL) : undefined,
      icon: Star,
    },
  ];
  return (
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label={t('dashboard.stats.label')}>
      {cards.map(({ id, label, value, icon: Icon }) => (
        <li key={id}>
          <Card className="flex h-full items-center gap-3 p-4">
            <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
              <Icon className="h-5 w-5" aria-hidden />
            </span>
            <div className="min-w-0">
              <p className="text-xs text-muted sm:text-sm">{t(label)}</p>
              {value === undefined ? (
                <Skeleton className="mt-1 h-6 w-10" />
              ) : (
                <p className="text-xl font-bold text-ink" data-testid={`stat-${id}`}>
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
