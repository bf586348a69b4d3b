import { TriangleAlert } from 'lucide-react';
import { Component, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import english from '@common/i18n/en/screens/ui-error.json';
import { textsFor } from '../lib/i18n/areas';
import { buttonClass } from './button-class';
import { Container } from './page';

const useT = textsFor('ui-error');

type Labels = { retry: string; home: string };
// Its own two words, in English, for when nothing else can load (offline, a new release): the card
// must still show, so it never waits on its texts' chunk and falls back to these if that fails.
const ENGLISH: Labels = { retry: english['ui-error.retry'], home: english['ui-error.home'] };

function Actions({ labels, onRetry }: { labels: Labels; onRetry: () => void }) {
  return (
    <div className="mt-2 flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
      <button type="button" className={buttonClass('primary')} onClick={onRetry}>
        {labels.retry}
      </button>
      <Link to="/" className={buttonClass('outline')}>
        {labels.home}
      </Link>
    </div>
  );
}

function TranslatedActions({ onRetry }: { onRetry: () => void }) {
  const t = useT();
  return <Actions labels={{ retry: t('ui-error.retry'), home: t('ui-error.home') }} onRetry={onRetry} />;
}

/** The texts' chunk could not be fetched: the English words rather than another failure. */
class EnglishOnFailure extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * What a screen shows instead of itself when it failed. Focus moves to the heading so a screen
 * reader announces the failure instead of staying silent on a vanished page; the heading is not a
 * control, so it wears no focus ring (styles.css draws one on every :focus-visible). It ships in the
 * first-load chunk (it must show when chunks cannot load), so it uses plain elements only.
 */
export function ErrorCard({ title, message, onRetry }: { title: string; message: string; onRetry: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const fallback = <Actions labels={ENGLISH} onRetry={onRetry} />;
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
        <EnglishOnFailure fallback={fallback}>
          <Suspense fallback={fallback}>
            <TranslatedActions onRetry={onRetry} />
          </Suspense>
        </EnglishOnFailure>
      </section>
    </Container>
  );
}
