import { lazy, Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AssistantLauncher } from '../features/assistant/assistant-launcher';
import { AnnounceLive } from './announce-live';
import { useCurrentUser } from '../lib/current-user';
import { AfterFirstPaint } from '../lib/first-paint';
import { useT } from '../lib/i18n/use-t';
import { Spinner } from '../ui/spinner';
import { useCurrentToast } from '../ui/toast-store';
import { VerifyEmailNotice } from '../ui/verify-email-notice';
import { Navbar } from './navbar';
import { RouteTitle } from './route-title';
import { useScrollRestoration } from './scroll-restoration';
import { ShellPieceBoundary } from './shell-piece-boundary';
import { ViewerClock } from './viewer-clock';

// Below the fold on every page, so it need not hold up the first paint.
const Footer = lazy(() => import('./footer').then((m) => ({ default: m.Footer })));
// The toast library loads with the first toast; the store itself is tiny and always present.
const Toaster = lazy(() => import('../ui/toaster').then((m) => ({ default: m.Toaster })));

function LazyToaster() {
  const item = useCurrentToast();
  const [needed, setNeeded] = useState(false);
  if (item && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

export function Layout() {
  const { user } = useCurrentUser();
  const { pathname } = useLocation();
  const t = useT();
  useScrollRestoration();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        {t('shell.skipToContent')}
      </a>
      <RouteTitle />
      <Navbar user={user} />
      {user && !user.emailVerified && pathname !== '/verify-email' && <VerifyEmailNotice email={user.email} />}
      {/* At least a screen tall, so the footer starts below the fold and the page arriving under it moves nothing in view. */}
      <main id="main" className="min-h-screen flex-1">
        <Suspense
          fallback={
            <div className="flex justify-center py-20">
              <Spinner className="h-8 w-8" />
            </div>
          }
        >
          <ViewerClock>
            <Outlet />
          </ViewerClock>
          <AnnounceLive />
        </Suspense>
      </main>
      {/* After the first paint: it is below the fold, and the year it shows is not the build's (prerender/). */}
      <AfterFirstPaint>
        <ShellPieceBoundary>
          <Suspense fallback={null}>
            <Footer />
          </Suspense>
        </ShellPieceBoundary>
      </AfterFirstPaint>
      <ShellPieceBoundary>
        <AssistantLauncher />
      </ShellPieceBoundary>
      <ShellPieceBoundary>
        <LazyToaster />
      </ShellPieceBoundary>
    </div>
  );
}
