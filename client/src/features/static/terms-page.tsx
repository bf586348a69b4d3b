import { Link } from 'react-router';
import type { ClientMessageKey } from '@common/i18n/keys';
import { textsFor } from '../../lib/i18n/areas';
import { useRichT } from '../../lib/i18n/rich-text';
import { Container } from '../../ui/page';

const useT = textsFor('legal');

// The ids are the English headings' slugs, so links to a section work in every language.
const SECTIONS: { id: string; title: ClientMessageKey; body: ClientMessageKey }[] = [
  { id: 'what-medora-is', title: 'legal.terms.what.title', body: 'legal.terms.what.body' },
  { id: 'not-for-emergencies', title: 'legal.terms.emergencies.title', body: 'legal.terms.emergencies.body' },
  { id: 'your-account', title: 'legal.terms.account.title', body: 'legal.terms.account.body' },
  { id: 'bookings-payments-and-cancellations', title: 'legal.terms.bookings.title', body: 'legal.terms.bookings.body' },
  { id: 'doctors-on-medora', title: 'legal.terms.doctors.title', body: 'legal.terms.doctors.body' },
  { id: 'reviews-and-conduct', title: 'legal.terms.reviews.title', body: 'legal.terms.reviews.body' },
  { id: 'changes', title: 'legal.terms.changes.title', body: 'legal.terms.changes.body' },
];

export function TermsPage() {
  const t = useT();
  const rich = useRichT();
  return (
    <Container className="max-w-3xl py-8 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t('legal.terms.title')}</h1>
      <p className="mt-2 text-sm text-muted">
        {rich('legal.terms.intro', {
          link: (chunks) => (
            <Link to="/privacy-policy" className="font-medium text-brand-700 underline">
              {chunks}
            </Link>
          ),
        })}
      </p>
      <div className="mt-8 space-y-8">
        {SECTIONS.map((section) => (
          <section key={section.id} aria-labelledby={section.id}>
            <h2 id={section.id} className="text-xl font-semibold">
              {t(section.title)}
            </h2>
            <p className="mt-2 leading-relaxed text-muted">{t(section.body)}</p>
          </section>
        ))}
      </div>
    </Container>
  );
}
