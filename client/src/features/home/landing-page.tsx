import { CalendarCheck, ShieldCheck, Video } from 'lucide-react';
import { Link } from 'react-router';
import { goToLogin } from '../../lib/api';
import { Button, buttonClass } from '../../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { Container } from '../../ui/page';

const FEATURES = [
  { icon: ShieldCheck, title: 'Verified doctors', text: 'Every doctor is checked by our medical team before they can take consultations.' },
  { icon: Video, title: 'Video, voice or in person', text: 'Meet your doctor the way that suits you, from anywhere.' },
  { icon: CalendarCheck, title: 'Book in minutes', text: 'See free slots in your own time zone and pay securely by card.' },
];

export function LandingPage() {
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-surface">
        <Container className="py-14 sm:py-20">
          <div className="max-w-2xl">
            <h1 className="text-3xl font-bold tracking-tight sm:text-5xl">Care from trusted doctors, wherever you are</h1>
            <p className="mt-4 text-lg text-muted">
              Find a verified doctor by specialty, place and fee, book a video, voice or in-person consultation, and meet in a secure room.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to="/find-doctors" className={buttonClass('primary', 'lg')}>Find a Doctor</Link>
              <Button variant="outline" size="lg" onClick={() => goToLogin('/')}>Sign In</Button>
            </div>
          </div>
        </Container>
      </section>
      <Container className="grid gap-4 py-12 md:grid-cols-3">
        {FEATURES.map(({ icon: Icon, title, text }) => (
          <Card key={title}>
            <CardHeader>
              <Icon className="h-6 w-6 text-brand-700" aria-hidden />
              <CardTitle>{title}</CardTitle>
            </CardHeader>
            <CardContent className="text-sm text-muted">{text}</CardContent>
          </Card>
        ))}
      </Container>
    </>
  );
}
