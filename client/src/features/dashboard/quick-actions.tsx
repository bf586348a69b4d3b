import { CalendarDays, Globe2, UserRoundPen, Video } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';

const ACTIONS = [
  { to: '/profile-builder', label: 'Edit Profile', icon: UserRoundPen },
  { to: '/doctor/appointments', label: 'Patient Visits', icon: CalendarDays },
  { to: '/video-consultations', label: 'Video Consultations', icon: Video },
  { to: '/outbreak', label: 'Outbreak Monitor', icon: Globe2 },
];

export function QuickActions({ wide = false }: { wide?: boolean }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Quick Actions</CardTitle>
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
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
