import { lazy, type ComponentType } from 'react';
import { Navigate } from 'react-router';
import { PlannedPage } from '../features/shell/planned-page';
import { useCurrentUser } from '../lib/current-user';
import type { LazyScreen, RouteEntry } from './route-types';

// One lazy component per screen, so paths that share a screen share its component and chunk.
const lazyComponents = new WeakMap<LazyScreen, ComponentType>();

function lazyComponent(screen: LazyScreen): ComponentType {
  let component = lazyComponents.get(screen);
  if (!component) {
    component = lazy(() => screen.load().then((loaded) => ({ default: loaded })));
    lazyComponents.set(screen, component);
  }
  return component;
}

/** The component a route of ./route-table.ts renders (inside its guard and error boundary). */
export function screenComponent(entry: RouteEntry): ComponentType {
  const { screen } = entry;
  switch (screen.kind) {
    case 'lazy':
      return lazyComponent(screen);
    case 'planned':
      return () => <PlannedPage title={entry.title} />;
    case 'redirect':
      return () => <Navigate to={screen.to} replace />;
    case 'by-session': {
      const SignedIn = lazyComponent(screen.signedIn);
      const SignedOut = lazyComponent(screen.signedOut);
      return function BySession() {
        const { user } = useCurrentUser();
        return user ? <SignedIn /> : <SignedOut />;
      };
    }
  }
}
