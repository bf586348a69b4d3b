import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { ROUTES } from './route-table';

/**
 * Starts the screen at `pathname` on a page load: its code and texts, and its first queries (a
 * route's `firstQueries`), so a visitor who opens a doctor's page fetches the doctor while the
 * page's code is on its way, and a guarded screen's code does not wait for the session check.
 * Only for the page load: later screens load while the app is already running.
 */
export function startFirstQueries(client: QueryClient, pathname: string) {
  for (const entry of ROUTES) {
    const match = matchPath(entry.path, pathname);
    if (!match) continue;
    // A failure here is the route's to show when it renders and asks again.
    if (entry.screen.kind === 'lazy') entry.screen.load().catch(() => undefined);
    for (const start of entry.firstQueries?.(match.params) ?? []) void start(client);
    return;
  }
}
