import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { ROUTES } from './route-table';

/**
 * Starts the first queries of the screen at `pathname` (a route's `firstQueries`), so a visitor
 * who opens a doctor's page fetches the doctor while the page's code is still on its way. Only for
 * the page load: later screens load while the app is already running.
 */
export function startFirstQueries(client: QueryClient, pathname: string) {
  for (const entry of ROUTES) {
    const match = matchPath(entry.path, pathname);
    if (!match) continue;
    for (const start of entry.firstQueries?.(match.params) ?? []) void start(client);
    return;
  }
}
