import { Apple, CalendarDays, Droplets, HeartPulse, Moon, Search, Stethoscope, Video } from 'lucide-react';
import { Link } from 'react-router';
import { QUICK_SEARCH_SPECIALTIES } from '@common/constants/specialties';
import { useCurrentUser } from '../../lib/current-user';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { Container, PageHeader } from '../../ui/page';
import { FeaturedDoctors } from './featured-doctors';
import { UpcomingAppointments } from './upcoming-appointments';

const SHORTCUTS = [
  { to: '/find-doctors', label: 'Find Doctors', text: 'Search by specialty and place', icon: Search },
  { to: '/book-appointment', label: 'Book Appointment', text: 'Pick a doctor and a time', icon: Stethoscope },
  { to: '/consultation', label: 'Video Consultations', text: 'Join your scheduled calls', icon: Video },
  { to: '/appointments', label: 'My Appointments', text: 'Upcoming and past visits', icon: CalendarDays },
];

const HEALTH_TIPS = [
  {
    icon: Droplets,
    title: 'Stay hydrated',
    text: 'Aim for about eight glasses of water a day, more in hot weather or when active.',
  },
  { icon: Moon, title: 'Sleep well', text: 'Adults need seven to nine hours of sleep; keep a regular bedtime.' },
  {
    icon: Apple,
    title: 'Eat the rainbow',
    text: 'Fill half your plate with vegetables and fruit of different colours.',
  },
  { icon: HeartPulse, title: 'Move every day', text: 'A brisk 30-minute walk most days helps your heart and mood.' },
];

export function HomePage() {
  const { user } = useCurrentUser();
  return (
    <Container className="flex flex-col gap-8 pb-12">
      <PageHeader title={`Welcome back, ${user?.firstName ?? ''}`} subtitle="What would you like to do today?" />
      <nav aria-label="Shortcuts">
        <ul className="grid grid-cols-2 gap-3 md:grid-cols-4">
          {SHORTCUTS.map(({ to, label, text, icon: Icon }) => (
            <li key={to}>
              <Link to={to} className="block h-full rounded-xl focus-visible:outline-2">
                <Card className="flex h-full flex-col items-start gap-2 p-4 transition-colors hover:border-brand-500">
                  <Icon className="h-6 w-6 text-brand-700" aria-hidden />
                  <span className="font-medium">{label}</span>
                  <span className="hidden text-xs text-muted sm:block">{text}</span>
                </Card>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-labelledby="quick-search-title">
        <h2 id="quick-search-title" className="mb-3 text-lg font-semibold text-ink">
          Quick search
        </h2>
        <ul className="flex flex-wrap gap-2">
          {QUICK_SEARCH_SPECIALTIES.map((s) => (
            <li key={s}>
              <Link
                to={`/find-doctors?specialty=${encodeURIComponent(s)}`}
                className="inline-flex rounded-full border border-line bg-white px-4 py-2 text-sm font-medium text-ink hover:border-brand-500 hover:text-brand-700"
              >
                {s}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <FeaturedDoctors title="Recommended Doctors" limit={4} />
      <div className="grid gap-4 lg:grid-cols-2">
        <UpcomingAppointments />
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Health Tips</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-3 sm:grid-cols-2">
              {HEALTH_TIPS.map(({ icon: Icon, title, text }) => (
                <li key={title} className="flex gap-3">
                  <Icon className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
                  <div>
                    <p className="text-sm font-medium">{title}</p>
                    <p className="text-xs text-muted">{text}</p>
                  </div>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      </div>
    </Container>
  );
}
