import { createContext, useContext, type ReactNode } from 'react';
import { matchPath } from 'react-router';
import type { ClientMessageKey } from '@common/i18n/keys';

type Purposes = readonly { path: string; signInKey?: ClientMessageKey }[];

// The route table is given by the router (app/routes.tsx): the sign-in screen it renders cannot
// import the table without a circle.
const PurposeContext = createContext<Purposes>([]);

export function SignInPurposes({ routes, children }: { routes: Purposes; children: ReactNode }) {
  return <PurposeContext.Provider value={routes}>{children}</PurposeContext.Provider>;
}

/**
 * What the sign-in page is for when a protected page sent the visitor there: that page's
 * `signInKey` ("Sign in to see your appointments"). Undefined for a sign-in opened on purpose.
 */
export function useSignInPurpose(returnTo: string): ClientMessageKey | undefined {
  const routes = useContext(PurposeContext);
  const path = returnTo.split(/[?#]/)[0];
  return routes.find((route) => route.signInKey && matchPath(route.path, path))?.signInKey;
}
