import { Link } from 'react-router';
import { buttonClass } from '../../ui/button-class';
import { Container } from '../../ui/page';

export function NotFoundPage() {
  return (
    <Container className="py-20">
      <div className="mx-auto flex max-w-md flex-col items-center gap-4 text-center">
        {/* Decoration: the heading below says it in words. */}
        <div aria-hidden className="text-6xl font-bold text-brand-700">
          404
        </div>
        <h1 className="text-2xl font-bold">Page Not Found</h1>
        <p className="text-muted">The page you are looking for does not exist or has moved.</p>
        <Link to="/" className={buttonClass('primary')}>
          Go to Home
        </Link>
      </div>
    </Container>
  );
}
