import { Link } from 'react-router';
import { buttonClass } from '../../ui/button-class';
import { textsFor } from '../../lib/i18n/areas';
import { Container } from '../../ui/page';

const useT = textsFor('pages');

export function NotFoundPage() {
  const t = useT();
  return (
    <Container className="py-20">
      <div className="mx-auto flex max-w-md flex-col items-center gap-4 text-center">
        {/* Decoration: the heading below says it in words. */}
        <div aria-hidden className="text-6xl font-bold text-brand-700">
          404
        </div>
        <h1 className="text-2xl font-bold">{t('pages.notFound.title')}</h1>
        <p className="text-muted">{t('pages.notFound.body')}</p>
        <Link to="/" className={buttonClass('primary')}>
          {t('pages.notFound.home')}
        </Link>
      </div>
    </Container>
  );
}
