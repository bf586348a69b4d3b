import { Component, Suspense, useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import english from '@common/i18n/en/screens/route-error.json';
import { forgetReloadAttempt, isChunkLoadError, reloadOnce } from '../lib/chunk-reload';
import { textsFor } from '../lib/i18n/areas';
import { ErrorCard } from '../ui/error-card';
import { Spinner } from '../ui/spinner';

type BoundaryProps = { path: string; children: ReactNode };
type BoundaryState = { error: unknown; path: string; reloading: boolean };

const NO_ERROR = Symbol('no error');

// The card's texts arrive on demand (the boundary is in the first bundle, the card rarely shows).
const useT = textsFor('route-error');

type CardProps = { chunk: boolean; onRetry: () => void };

function ScreenErrorCard({ chunk, onRetry }: CardProps) {
  const t = useT();
  return (
    <ErrorCard
      title={chunk ? t('route-error.chunk.title') : t('route-error.screen.title')}
      message={chunk ? t('route-error.chunk.message') : t('route-error.screen.message')}
      onRetry={onRetry}
    />
  );
}

/**
 * When the network that failed the screen's chunk also fails its texts, the card says it in
 * English (bundled here, a few hundred bytes) rather than not at all.
 */
class CardTexts extends Component<CardProps, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    const { chunk, onRetry } = this.props;
    if (this.state.failed) {
      const key = chunk ? 'route-error.chunk' : 'route-error.screen';
      return <ErrorCard title={english[`${key}.title`]} message={english[`${key}.message`]} onRetry={onRetry} />;
    }
    return (
      <Suspense fallback={<Waiting />}>
        <ScreenErrorCard chunk={chunk} onRetry={onRetry} />
      </Suspense>
    );
  }
}

const Waiting = () => (
  <div className="flex justify-center py-20">
    <Spinner className="h-8 w-8" />
  </div>
);

/**
 * Catches what a route's screen throws while rendering, including a chunk that failed to load.
 * A chunk failure first reloads the page once (../lib/chunk-reload.ts); any other failure, or a
 * chunk that fails again, shows the error card. A new path starts with a clean slate.
 *
 * "Try again" renders the screen again, except after a chunk failure: browsers remember a failed
 * module import for the life of the document (Chromium does), so only a reload can fetch it anew.
 * The user asked for that reload, so it cannot loop.
 */
export class ScreenErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { error: NO_ERROR, path: this.props.path, reloading: false };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    // A chunk failure waits for its one reload; componentDidCatch says whether it really happens.
    return { error, reloading: isChunkLoadError(error) };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.path === state.path ? null : { error: NO_ERROR, path: props.path, reloading: false };
  }

  componentDidCatch(error: unknown) {
    // No reload (already tried, or storage refuses to remember the attempt): show the card instead.
    if (isChunkLoadError(error) && !reloadOnce(this.props.path)) this.setState({ reloading: false });
  }

  handleRetry = () => {
    if (isChunkLoadError(this.state.error)) window.location.reload();
    else this.setState({ error: NO_ERROR });
  };

  render() {
    const { error, reloading } = this.state;
    if (error === NO_ERROR) return this.props.children;
    const chunk = isChunkLoadError(error);
    // The reload is on its way: no card flash.
    if (reloading) return <Waiting />;
    return <CardTexts chunk={chunk} onRetry={this.handleRetry} />;
  }
}

/** Rendered after the screen: it commits only once the screen's chunk loaded and rendered. */
function ScreenLoaded({ path }: { path: string }) {
  // A task of its own, after the first paint: the tab storage's first access costs a phone tens
  // of milliseconds, and nothing waits for this.
  useEffect(() => void setTimeout(() => forgetReloadAttempt(path)), [path]);
  return null;
}

/** The boundary of one route, reset whenever the path changes. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ScreenErrorBoundary path={pathname}>
      {children}
      <ScreenLoaded path={pathname} />
    </ScreenErrorBoundary>
  );
}
