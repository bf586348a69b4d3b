import { BookOpen, CalendarCheck, Compass, Eye, Flag, Heart, Lock, Video } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { ClientMessageKey } from '@common/i18n/keys';
import { textsFor } from '../../lib/i18n/areas';
import { buttonClass } from '../../ui/button-class';
import { Card, CardContent, CardHeader } from '../../ui/card';
import { Container } from '../../ui/page';

const useT = textsFor('about', 'auth');

type Item = { icon: LucideIcon; title: ClientMessageKey; text: ClientMessageKey };

const PRINCIPLES: Item[] = [
  { icon: Compass, title: 'about.mission.title', text: 'about.mission.text' },
  { icon: Eye, title: 'about.vision.title', text: 'about.vision.text' },
  { icon: Flag, title: 'about.goals.title', text: 'about.goals.text' },
];

const OFFERINGS: Item[] = [
  { icon: CalendarCheck, title: 'about.booking.title', text: 'about.booking.text' },
  { icon: Video, title: 'about.virtual.title', text: 'about.virtual.text' },
  { icon: BookOpen, title: 'about.education.title', text: 'about.education.text' },
  { icon: Lock, title: 'about.security.title', text: 'about.security.text' },
];

export function AboutPage() {
  const t = useT();
  return (
    <Container className="py-8 sm:py-12">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">{t('about.title')}</h1>
        <p className="mt-4 text-lg text-muted">{t('about.intro')}</p>
      </header>

      <section aria-labelledby="about-principles" className="mt-10">
        <h2 id="about-principles" className="sr-only">
          {t('about.principles')}
        </h2>
        <div className="grid gap-4 md:grid-cols-3">
          {PRINCIPLES.map(({ icon: Icon, title, text }) => (
            <Card key={title} className="h-full">
              <CardHeader>
                <Icon className="h-6 w-6 text-brand-700" aria-hidden />
                <h3 className="text-lg font-semibold leading-tight text-ink">{t(title)}</h3>
              </CardHeader>
              <CardContent className="text-sm leading-relaxed text-muted">{t(text)}</CardContent>
            </Card>
          ))}
        </div>
      </section>

      <section aria-labelledby="about-offerings" className="mt-12">
        <h2 id="about-offerings" className="text-2xl font-bold tracking-tight text-ink">
          {t('about.offer')}
        </h2>
        <div className="mt-5 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {OFFERINGS.map(({ icon: Icon, title, text }) => (
            <Card key={title} className="h-full">
              <CardHeader>
                <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                  <Icon className="h-5 w-5" aria-hidden />
                </span>
                <h3 className="mt-2 text-base font-semibold leading-tight text-ink">{t(title)}</h3>
              </CardHeader>
              <CardContent className="text-sm leading-relaxed text-muted">{t(text)}</CardContent>
            </Card>
          ))}
        </div>
      </section>

      <section aria-labelledby="about-closing" className="mt-12">
        <div className="rounded-xl bg-brand-50 px-5 py-8 sm:px-10">
          <div className="flex items-start gap-3">
            <Heart className="mt-1 h-6 w-6 shrink-0 text-brand-700" aria-hidden />
            <div>
              <h2 id="about-closing" className="text-xl font-semibold text-ink">
                {t('about.closing.title')}
              </h2>
              <p className="mt-2 max-w-2xl text-muted">{t('about.closing.text')}</p>
              <p className="mt-2 max-w-2xl text-sm text-muted">{t('about.closing.notice')}</p>
              <div className="mt-6 flex flex-wrap gap-3">
                <Link to="/find-doctors" className={buttonClass('primary', 'md')}>
                  {t('about.findDoctor')}
                </Link>
                <Link to="/signup" className={buttonClass('outline', 'md')}>
                  {t('auth.signup.title')}
                </Link>
              </div>
            </div>
          </div>
        </div>
      </section>
    </Container>
  );
}
