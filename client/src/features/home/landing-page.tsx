import { CalendarCheck, CreditCard, Globe2, MessageSquare, ShieldCheck, Video } from 'lucide-react';
import { Link } from 'react-router';
import type { ClientMessageKey } from '@common/i18n/keys';
import { goToLogin } from '../../lib/api';
import { AfterFirstPaint } from '../../lib/first-paint';
import { useDirectoryClaims } from '../../lib/doctor-filters';
import { LANDING_FEATURED } from '../../lib/doctors-api';
import { useT } from '../../lib/i18n/use-t';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Container } from '../../ui/page';
import { Skeleton } from '../../ui/spinner';
import { FeaturedDoctors } from './featured-doctors';
import { HomeSearchFilter } from './home-search-filter';

// `counted`: the card says the directory's figures (useDirectoryClaims), and waits for them.
const FEATURES: { icon: typeof ShieldCheck; title: ClientMessageKey; text: ClientMessageKey; counted?: boolean }[] = [
  { icon: ShieldCheck, title: 'landing.features.verified.title', text: 'landing.features.verified.text' },
  { icon: Video, title: 'landing.features.modes.title', text: 'landing.features.modes.text' },
  { icon: CalendarCheck, title: 'landing.features.booking.title', text: 'landing.features.booking.text' },
  { icon: CreditCard, title: 'landing.features.payments.title', text: 'landing.features.payments.text' },
  { icon: MessageSquare, title: 'landing.features.chat.title', text: 'landing.features.chat.text' },
  { icon: Globe2, title: 'landing.features.countries.title', text: 'landing.features.countries.text', counted: true },
];

export function LandingPage() {
  const t = useT();
  const claims = useDirectoryClaims();
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-surface">
        <Container className="py-10 sm:py-14">
          <div className="max-w-2xl">
            <h1 className="text-3xl font-bold tracking-tight sm:text-5xl">{t('landing.hero.title')}</h1>
            <p className="mt-4 text-lg text-muted">{t('landing.hero.text')}</p>
            <p className="mt-2 text-sm text-muted">{t('landing.hero.nonEmergency')}</p>
          </div>
          <div className="mt-8">
            <HomeSearchFilter />
          </div>
        </Container>
      </section>
      <AfterFirstPaint>
        <Container className="flex flex-col gap-14 py-10">
          <FeaturedDoctors title={t('landing.featured.title')} limit={LANDING_FEATURED} />
          <section aria-labelledby="features-title">
            <h2 id="features-title" className="mb-4 text-xl font-bold text-ink sm:text-2xl">
              {t('landing.features.title')}
            </h2>
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {FEATURES.map(({ icon: Icon, title, text, counted }) => (
                <li key={title}>
                  <Card className="flex h-full gap-4 p-5" aria-busy={counted && !claims}>
                    <Icon className="h-6 w-6 shrink-0 text-brand-700" aria-hidden />
                    {counted && !claims ? (
                      <div className="flex flex-1 flex-col gap-2 pt-0.5">
                        <Skeleton className="h-5 w-3/4" />
                        <Skeleton className="h-4 w-full" />
                        <Skeleton className="h-4 w-1/2" />
                      </div>
                    ) : (
                      <div>
                        <h3 className="font-semibold text-ink">{t(title, claims)}</h3>
                        <p className="mt-1 text-sm text-muted">{t(text, claims)}</p>
                      </div>
                    )}
                  </Card>
                </li>
              ))}
            </ul>
          </section>
          <section className="rounded-2xl bg-brand-800 px-6 py-10 text-center text-white sm:px-10">
            <h2 className="text-2xl font-bold">{t('landing.cta.title')}</h2>
            <p className="mx-auto mt-2 max-w-xl text-brand-100">{t('landing.cta.text')}</p>
            <div className="mt-6 flex flex-wrap justify-center gap-3">
              <Button size="lg" variant="secondary" onClick={() => goToLogin('/')}>
                {t('landing.cta.getStarted')}
              </Button>
              <Link
                to="/find-doctors"
                className="inline-flex h-12 items-center justify-center rounded-lg border border-white/50 px-6 text-base font-medium text-white transition-colors hover:bg-white/10"
              >
                {t('landing.cta.browse')}
              </Link>
            </div>
          </section>
        </Container>
      </AfterFirstPaint>
    </>
  );
}
