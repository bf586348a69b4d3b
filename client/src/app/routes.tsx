import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { useCurrentUser } from '../lib/current-user';
import { SignInPurposes } from '../lib/sign-in-purpose';
import { FullScreenSpinner } from '../ui/spinner';
import { RequireUser } from './guards';
import { Layout } from './layout';
import { RouteErrorBoundary } from './route-error-boundary';
import { screenComponent } from './route-screens';
import { ROUTES } from './route-table';
import type { RouteEntry } from './route-types';

// Built once: each screen keeps one component (and one chunk) for the life of the page.
const RENDERED_ROUTES = ROUTES.map((entry) => ({ entry, Screen: screenComponent(entry) }));

function guarded(entry: RouteEntry, node: ReactNode) {
  switch (entry.access) {
    case 'public':
      return node;
    case 'doctor':
    case 'admin':
      return (
        <RequireUser role={entry.access} explainRedirect={entry.explainSignIn}>
          {node}
        </RequireUser>
      );
    case 'user':
    case 'user-or-login':
      return <RequireUser explainRedirect={entry.explainSignIn}>{node}</RequireUser>;
  }
}

export function AppRoutes() {
  const { isLoading } = useCurrentUser();
  if (isLoading) return <FullScreenSpinner />;
  return (
    <SignInPurposes routes={ROUTES}>
      <Routes>
        <Route element={<Layout />}>
          {RENDERED_ROUTES.map(({ entry, Screen }) => (
            <Route
              key={entry.path}
              path={entry.path}
              element={<RouteErrorBoundary>{guarded(entry, <Screen />)}</RouteErrorBoundary>}
            />
          ))}
        </Route>
      </Routes>
    </SignInPurposes>
  );
}
