import { Apple, CalendarDays, Droplets, HeartPulse, Moon, Search, Stethoscope, Video } from 'lucide-react';
import { Link } from 'react-router';
import { QUICK_SEARCH_SPECIALTIES } from '@common/constants/specialties';
import { useCurrentUser } from '../../lib/current-user';
import { isNewAccount } from '../../lib/new-account';
import { textsFor } from '../../lib/i18n/areas';
import { useFormats } from '../../lib/i18n/use-formats';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { Container, PageHeader } from '../../ui/page';
import { FeaturedDoctors } from './featured-doctors';
import { UpcomingAppointments } from './upcoming-appointments';

const useT = textsFor('home');

const SHORTCUTS = [
  { to: '/find-doctors', label: 'home.shortcut.findDoctors', text: 'home.shortcut.findDoctorsText', icon: Search },
  { to: '/book-appointment', label: 'home.shortcut.book', text: 'home.shortcut.bookText', icon: Stethoscope },
  { to: '/consultation', label: 'home.shortcut.video', text: 'home.shortcut.videoText', icon: Video },
  {
    to: '/appointments',
    label: 'home.shortcut.appointments',
    text: 'home.shortcut.appointmentsText',
    icon: CalendarDays,
  },
] as const;

const HEALTH_TIPS = [
  { icon: Droplets, title: 'home.tips.hydrated', text: 'home.tips.hydratedText' },
  { icon: Moon, title: 'home.tips.sleep', text: 'home.tips.sleepText' },
  { icon: Apple, title: 'home.tips.rainbow', text: 'home.tips.rainbowText' },
  { icon: HeartPulse, title: 'home.tips.move', text: 'home.tips.moveText' },
] as const;

export function HomePage() {
  const { user } = useCurrentUser();
  const t = useT();
  const format = useFormats();
  return (
    <Container className="flex flex-col gap-8 pb-12">
      <PageHeader
        title={t(isNewAccount(user?.id) ? 'home.welcomeNew' : 'home.welcome', { name: user?.firstName ?? '' })}
        subtitle={t('home.subtitle')}
      />
      <nav aria-label={t('home.shortcuts')}>
        <ul className="grid grid-cols-2 gap-3 md:grid-cols-4">
          {SHORTCUTS.map(({ to, label, text, icon: Icon }) => (
            <li key={to}>
              <Link to={to} className="block h-full rounded-xl focus-visible:outline-2">
                <Card className="flex h-full flex-col items-start gap-2 p-4 transition-colors hover:border-brand-500">
                  <Icon className="h-6 w-6 text-brand-700" aria-hidden />
                  <span className="font-medium">{t(label)}</span>
                  <span className="hidden text-xs text-muted sm:block">{t(text)}</span>
                </Card>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-labelledby="quick-search-title">
        <h2 id="quick-search-title" className="mb-3 text-lg font-semibold text-ink">
          {t('home.quickSearch')}
        </h2>
        <ul className="flex flex-wrap gap-2">
          {QUICK_SEARCH_SPECIALTIES.map((s) => (
            <li key={s}>
              <Link
                to={`/find-doctors?specialty=${encodeURIComponent(s)}`}
                className="inline-flex rounded-full border border-line bg-white px-4 py-2 text-sm font-medium text-ink hover:border-brand-500 hover:text-brand-700"
              >
                {format.specialty(s)}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <FeaturedDoctors title={t('home.recommended')} limit={4} />
      <div className="grid gap-4 lg:grid-cols-2">
        <UpcomingAppointments />
        <Card>
          <CardHeader>
            <CardTitle className="text-base">{t('home.tips.title')}</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-3 sm:grid-cols-2">
              {HEALTH_TIPS.map(({ icon: Icon, title, text }) => (
                <li key={title} className="flex gap-3">
                  <Icon className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
                  <div>
                    <p className="text-sm font-medium">{t(title)}</p>
                    <p className="text-xs text-muted">{t(text)}</p>
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
