import { useLayoutEffect } from 'react';
import { matchRoutes, useLocation } from 'react-router';
import type { ClientMessageKey } from '@common/i18n/keys';
import { useAreaArrivals } from '../lib/i18n/areas';
import { useIntlShape } from '../lib/i18n/use-t';
import { documentTitle } from '../ui/document-title';
import { ROUTES } from './route-table';

const MATCHABLE = ROUTES.map((route) => ({ path: route.path, title: route.title, titleKey: route.titleKey }));

const matchOf = (pathname: string) => matchRoutes(MATCHABLE, pathname)?.at(-1)?.route;

/** The title the route table gives a path (its "*" entry, Page Not Found, for any other path). */
export function routeTitleFor(pathname: string): string {
  return matchOf(pathname)?.title ?? 'Page Not Found';
}

/**
 * Names the tab after the route from the moment the path changes, before the screen's chunk has
 * arrived. A layout effect runs before any screen's own effects, so a screen that names itself
 * from its data (ui/document-title.ts, e.g. "Dr. Daniel Okafor") has the last word.
 */
/** Titles whose texts are in the first chunk (the shell's); other routes name theirs with `titleKey`. */
const FIRST_CHUNK_TITLES: Record<string, ClientMessageKey> = {
  Home: 'shell.nav.home',
  'Find Doctors': 'shell.nav.findDoctors',
  'Sign Up': 'shell.nav.signUp',
};

export function RouteTitle() {
  const { pathname } = useLocation();
  const intl = useIntlShape();
  useAreaArrivals();
  const route = matchOf(pathname);
  const english = route?.title ?? 'Page Not Found';
  const key = route?.titleKey ?? FIRST_CHUNK_TITLES[english];
  // A screen area's title is there once its chunk has arrived (useAreaArrivals renders this again).
  const title = key && key in intl.messages ? intl.formatMessage({ id: key }) : english;
  useLayoutEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
  return null;
}
