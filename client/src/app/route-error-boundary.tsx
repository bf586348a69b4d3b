import { Component, useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { forgetReloadAttempt, isChunkLoadError, reloadOnce } from '../lib/chunk-reload';
import { ErrorCard } from '../ui/error-card';
import { Spinner } from '../ui/spinner';

type BoundaryProps = { path: string; children: ReactNode };
type BoundaryState = { error: unknown; path: string; reloading: boolean };

const NO_ERROR = Symbol('no error');

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
    if (reloading) {
      return (
        <div className="flex justify-center py-20">
          <Spinner className="h-8 w-8" />
        </div>
      );
    }
    return (
      <ErrorCard
        title={chunk ? 'This page could not be loaded' : 'Something went wrong'}
        message={
          chunk
            ? 'Check your connection and try again. If Medora was just updated, reloading the page helps.'
            : 'Something on this page stopped working. Try again, or go back to the home page.'
        }
        onRetry={this.handleRetry}
      />
    );
  }
}

/** Rendered after the screen: it commits only once the screen's chunk loaded and rendered. */
function ScreenLoaded({ path }: { path: string }) {
  useEffect(() => forgetReloadAttempt(path), [path]);
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
