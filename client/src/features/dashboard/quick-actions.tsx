import { CalendarDays, Globe2, UserRoundPen, Video } from 'lucide-react';
import { Link } from 'react-router';
import type { ClientMessageKey } from '@common/i18n/keys';
import { textsFor } from '../../lib/i18n/areas';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';

const useT = textsFor('dashboard');

const ACTIONS: { to: string; label: ClientMessageKey; icon: typeof Video }[] = [
  { to: '/profile-builder', label: 'dashboard.quick.editProfile', icon: UserRoundPen },
  { to: '/doctor/appointments', label: 'dashboard.quick.visits', icon: CalendarDays },
  { to: '/video-consultations', label: 'dashboard.quick.video', icon: Video },
  { to: '/outbreak', label: 'dashboard.quick.outbreak', icon: Globe2 },
];

export function QuickActions({ wide = false }: { wide?: boolean }) {
  const t = useT();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('dashboard.quick.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className={wide ? 'grid grid-cols-2 gap-2 lg:grid-cols-4' : 'grid grid-cols-2 gap-2'}>
          {ACTIONS.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <Link
                to={to}
                className="flex h-full flex-col items-start gap-2 rounded-lg border border-line p-3 text-sm font-medium text-ink hover:border-brand-500 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <Icon className="h-5 w-5 text-brand-700" aria-hidden />
                {t(label)}
              </Link>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
