import { TriangleAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { buttonClass } from './button-class';
import { Container } from './page';

/**
 * What a screen shows instead of itself when it failed. Focus moves to the heading so a screen
 * reader announces the failure instead of staying silent on a vanished page; the heading is not a
 * control, so it wears no focus ring (styles.css draws one on every :focus-visible). It ships in the
 * first-load chunk (it must show when chunks cannot load), so it uses plain elements only.
 */
export function ErrorCard({ title, message, onRetry }: { title: string; message: string; onRetry: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Container className="py-12 sm:py-16">
      <section
        aria-labelledby="error-card-title"
        className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-xl border border-line bg-white p-6 text-center shadow-sm sm:p-8"
      >
        <span className="flex h-12 w-12 items-center justify-center rounded-full bg-red-50">
          <TriangleAlert className="h-6 w-6 text-danger" aria-hidden />
        </span>
        <h1 id="error-card-title" ref={heading} tabIndex={-1} className="text-xl font-semibold text-ink outline-none!">
          {title}
        </h1>
        <p className="text-muted">{message}</p>
        <div className="mt-2 flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
          <button type="button" className={buttonClass('primary')} onClick={onRetry}>
            Try again
          </button>
          <Link to="/" className={buttonClass('outline')}>
            Go to Home
          </Link>
        </div>
      </section>
    </Container>
  );
}
