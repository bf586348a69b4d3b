import { CalendarCheck, CreditCard, Globe2, MessageSquare, ShieldCheck, Video } from 'lucide-react';
import { Link } from 'react-router';
import { goToLogin } from '../../lib/api';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Container } from '../../ui/page';
import { FeaturedDoctors } from './featured-doctors';
import { HomeSearchFilter } from './home-search-filter';

const FEATURES = [
  {
    icon: ShieldCheck,
    title: 'Verified doctors',
    text: 'Every doctor is checked by our medical team before they can take consultations.',
  },
  { icon: Video, title: 'Video, voice or in person', text: 'Meet your doctor the way that suits you, from anywhere.' },
  {
    icon: CalendarCheck,
    title: 'Book in minutes',
    text: 'See free slots in your own time zone and confirm right away.',
  },
  {
    icon: CreditCard,
    title: 'Secure card payments',
    text: 'Pay by card before your consultation; no surprises afterwards.',
  },
  {
    icon: MessageSquare,
    title: 'Chat during the call',
    text: 'Share notes and questions in a private chat beside the video.',
  },
  {
    icon: Globe2,
    title: 'Doctors in 50+ countries',
    text: 'Search across 2,000+ doctors by specialty, place, language and fee.',
  },
];

export function LandingPage() {
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-surface">
        <Container className="py-10 sm:py-14">
          <div className="max-w-2xl">
            <h1 className="text-3xl font-bold tracking-tight sm:text-5xl">
              Care from trusted doctors, wherever you are
            </h1>
            <p className="mt-4 text-lg text-muted">
              Find a verified doctor by specialty, place and fee, book a video, voice or in-person consultation, and
              meet in a secure room.
            </p>
            <p className="mt-2 text-sm text-muted">For non-emergency consultations only.</p>
          </div>
          <div className="mt-8">
            <HomeSearchFilter />
          </div>
        </Container>
      </section>
      <Container className="flex flex-col gap-14 py-10">
        <FeaturedDoctors title="Featured Doctors" limit={6} />
        <section aria-labelledby="features-title">
          <h2 id="features-title" className="mb-4 text-xl font-bold text-ink sm:text-2xl">
            Why patients choose Medora
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <li key={title}>
                <Card className="flex h-full gap-4 p-5">
                  <Icon className="h-6 w-6 shrink-0 text-brand-700" aria-hidden />
                  <div>
                    <h3 className="font-semibold text-ink">{title}</h3>
                    <p className="mt-1 text-sm text-muted">{text}</p>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        </section>
        <section className="rounded-2xl bg-brand-800 px-6 py-10 text-center text-white sm:px-10">
          <h2 className="text-2xl font-bold">Ready to talk to a doctor?</h2>
          <p className="mx-auto mt-2 max-w-xl text-brand-100">
            Sign in to book a consultation, pay securely and join your doctor online.
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Button size="lg" variant="secondary" onClick={() => goToLogin('/')}>
              Get Started
            </Button>
            <Link
              to="/find-doctors"
              className="inline-flex h-12 items-center justify-center rounded-lg border border-white/50 px-6 text-base font-medium text-white transition-colors hover:bg-white/10"
            >
              Browse Doctors
            </Link>
          </div>
        </section>
      </Container>
    </>
  );
}
