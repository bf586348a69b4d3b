import { Link } from 'react-router';
import { Container } from '../../ui/page';

const SECTIONS = [
  {
    title: 'What Medora is',
    body: 'Medora is a marketplace that connects patients with independent, licensed healthcare providers for video, voice and in-person consultations. Medora does not provide medical care itself, and nothing on the site is medical advice.',
  },
  {
    title: 'Not for emergencies',
    body: 'Medora is for non-emergency consultations only. If you think you have a medical emergency, call your local emergency number or go to the nearest emergency department.',
  },
  {
    title: 'Your account',
    body: 'Keep your password to yourself and tell us at once if you think someone else has used your account. You must be at least 13 years old to use Medora; patients under the age of majority need a parent or guardian to book for them.',
  },
  {
    title: 'Bookings, payments and cancellations',
    body: 'A consultation is confirmed once it is paid. You can cancel a confirmed appointment more than 24 hours before it starts and receive a full refund to your card. Later cancellations and missed appointments are not refunded.',
  },
  {
    title: 'Doctors on Medora',
    body: 'Doctors apply, and our medical team verifies their licence and credentials before they can accept consultations. Doctors remain responsible for the care they give and must follow the rules of the places where they are licensed. Doctors receive 85% of each consultation fee.',
  },
  {
    title: 'Reviews and conduct',
    body: 'Reviews must describe a real consultation and be honest and respectful. We may remove content or close accounts that break these terms or the law.',
  },
  {
    title: 'Changes',
    body: 'We may update these terms. When we make important changes we will tell you before they take effect; using Medora afterwards means you accept them.',
  },
];

const slug = (title: string) => title.toLowerCase().replace(/[^a-z]+/g, '-');

export function TermsPage() {
  return (
    <Container className="max-w-3xl py-8 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Terms of Service</h1>
      <p className="mt-2 text-sm text-muted">
        These terms apply to everyone who uses Medora. How we handle your data is described in our{' '}
        <Link to="/privacy-policy" className="font-medium text-brand-700 underline">
          Privacy Policy
        </Link>
        .
      </p>
      <div className="mt-8 space-y-8">
        {SECTIONS.map((section) => (
          <section key={section.title} aria-labelledby={slug(section.title)}>
            <h2 id={slug(section.title)} className="text-xl font-semibold">
              {section.title}
            </h2>
            <p className="mt-2 leading-relaxed text-muted">{section.body}</p>
          </section>
        ))}
      </div>
    </Container>
  );
}
