import { CalendarDays, Search, Stethoscope, Video } from 'lucide-react';
import { Link } from 'react-router';
import { useCurrentUser } from '../auth/api';
import { Card } from '../../ui/card';
import { Container, PageHeader } from '../../ui/page';

const SHORTCUTS = [
  { to: '/find-doctors', label: 'Find Doctors', icon: Search },
  { to: '/book-appointment', label: 'Book Appointment', icon: Stethoscope },
  { to: '/consultation', label: 'Video Consultations', icon: Video },
  { to: '/appointments', label: 'My Appointments', icon: CalendarDays },
];

export function HomePage() {
  const { user } = useCurrentUser();
  return (
    <Container>
      <PageHeader title={`Welcome back, ${user?.firstName ?? ''}`} subtitle="What would you like to do today?" />
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {SHORTCUTS.map(({ to, label, icon: Icon }) => (
          <Link key={to} to={to} className="rounded-xl focus-visible:outline-2">
            <Card className="flex h-full flex-col items-start gap-3 p-4 transition-colors hover:border-brand-500">
              <Icon className="h-6 w-6 text-brand-700" aria-hidden />
              <span className="font-medium">{label}</span>
            </Card>
          </Link>
        ))}
      </div>
    </Container>
  );
}
