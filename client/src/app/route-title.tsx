import { useLayoutEffect } from 'react';
import { matchRoutes, useLocation } from 'react-router';
import type { ClientMessageKey } from '@common/i18n/keys';
import { useT } from '../lib/i18n/use-t';
import { documentTitle } from '../ui/document-title';
import { ROUTES } from './route-table';

const MATCHABLE = ROUTES.map((route) => ({ path: route.path, title: route.title }));

/** The title the route table gives a path (its "*" entry, Page Not Found, for any other path). */
export function routeTitleFor(pathname: string): string {
  return matchRoutes(MATCHABLE, pathname)?.at(-1)?.route.title ?? 'Page Not Found';
}

/**
 * Names the tab after the route from the moment the path changes, before the screen's chunk has
 * arrived. A layout effect runs before any screen's own effects, so a screen that names itself
 * from its data (ui/document-title.ts, e.g. "Dr. Daniel Okafor") has the last word.
 */
/** Titles of the converted screens, in the viewer's language (docs/languages.md); the rest stay English. */
const CONVERTED_TITLES: Record<string, ClientMessageKey> = {
  Home: 'shell.nav.home',
  'Find Doctors': 'shell.nav.findDoctors',
  'Sign Up': 'shell.nav.signUp',
  'Sign In': 'auth.tabs.signIn',
};

export function RouteTitle() {
  const { pathname } = useLocation();
  const t = useT();
  const english = routeTitleFor(pathname);
  const key = CONVERTED_TITLES[english];
  const title = key ? t(key) : english;
  useLayoutEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
  return null;
}
