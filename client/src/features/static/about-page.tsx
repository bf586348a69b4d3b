import { BookOpen, CalendarCheck, Compass, Eye, Flag, Heart, Lock, Video } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../ui/button-class';
import { Card, CardContent, CardHeader } from '../../ui/card';
import { Container } from '../../ui/page';

type Item = { icon: LucideIcon; title: string; text: string };

const PRINCIPLES: Item[] = [
  {
    icon: Compass,
    title: 'Our mission',
    text: 'To make it simple for anyone to reach a qualified doctor, wherever they live, and to get clear, unhurried advice about their health.',
  },
  {
    icon: Eye,
    title: 'Our vision',
    text: 'A world where distance, busy schedules and long waiting lists no longer stand between people and good medical care.',
  },
  {
    icon: Flag,
    title: 'Our goals',
    text: 'Connect patients with verified doctors across many countries, keep booking and payment straightforward, and treat every piece of health information with care.',
  },
];

const OFFERINGS: Item[] = [
  {
    icon: CalendarCheck,
    title: 'Easy Appointment Booking',
    text: 'Search by specialty, location or fee, see open time slots and book a consultation in a few steps.',
  },
  {
    icon: Video,
    title: 'Virtual Consultations',
    text: 'Meet your doctor by video or voice call, with a text chat alongside, from home or wherever you are.',
  },
  {
    icon: BookOpen,
    title: 'Health Education',
    text: 'Plain-language information and outbreak updates to help you understand your health and make informed choices.',
  },
  {
    icon: Lock,
    title: 'Secure Data Management',
    text: 'Your records and conversations are protected and shared only with the people involved in your care.',
  },
];

export function AboutPage() {
  return (
    <Container className="py-8 sm:py-12">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">About Medora</h1>
        <p className="mt-4 text-lg text-muted">
          Medora brings patients and doctors together online. We help you find the right doctor, book a time that works
          for you and talk things through, without the waiting room.
        </p>
      </header>

      <section aria-labelledby="about-principles" className="mt-10">
        <h2 id="about-principles" className="sr-only">
          Mission, vision and goals
        </h2>
        <div className="grid gap-4 md:grid-cols-3">
          {PRINCIPLES.map(({ icon: Icon, title, text }) => (
            <Card key={title} className="h-full">
              <CardHeader>
                <Icon className="h-6 w-6 text-brand-700" aria-hidden />
                <h3 className="text-lg font-semibold leading-tight text-ink">{title}</h3>
              </CardHeader>
              <CardContent className="text-sm leading-relaxed text-muted">{text}</CardContent>
            </Card>
          ))}
        </div>
      </section>

      <section aria-labelledby="about-offerings" className="mt-12">
        <h2 id="about-offerings" className="text-2xl font-bold tracking-tight text-ink">
          What we offer
        </h2>
        <div className="mt-5 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {OFFERINGS.map(({ icon: Icon, title, text }) => (
            <Card key={title} className="h-full">
              <CardHeader>
                <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                  <Icon className="h-5 w-5" aria-hidden />
                </span>
                <h3 className="mt-2 text-base font-semibold leading-tight text-ink">{title}</h3>
              </CardHeader>
              <CardContent className="text-sm leading-relaxed text-muted">{text}</CardContent>
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
                Care that fits your life
              </h2>
              <p className="mt-2 max-w-2xl text-muted">
                We believe good care starts with a conversation. Whether you are looking for advice or offering it, we
                are glad you are here, and we will keep working to make that conversation easier to have.
              </p>
              <p className="mt-2 max-w-2xl text-sm text-muted">
                Medora is for non-emergency consultations only. In an emergency, call your local emergency number.
              </p>
              <div className="mt-6 flex flex-wrap gap-3">
                <Link to="/find-doctors" className={buttonClass('primary', 'md')}>
                  Find a Doctor
                </Link>
                <Link to="/signup" className={buttonClass('outline', 'md')}>
                  Join Medora
                </Link>
              </div>
            </div>
          </div>
        </div>
      </section>
    </Container>
  );
}
