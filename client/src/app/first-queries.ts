import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { currentUserQuery } from '../lib/current-user';
import { ROUTES } from './route-table';

/**
 * Starts the screen at `pathname` on a page load: its code and texts, and its first queries (a
 * route's `firstQueries`), so a visitor who opens a doctor's page fetches the doctor while the
 * page's code is on its way, and a guarded screen's code does not wait for the session check.
 * Only for the page load: later screens load while the app is already running.
 *
 * The session check starts here too, beside the catalogue: every screen waits for it (the shell
 * shows a spinner until it answers), and a screen that depends on it (the home page, signed in or
 * out) loads its code as soon as it answers, not after the first render.
 *
 * When the server has said the request carried no session cookie (`signedOut`, from
 * `<html data-session="none">`, decision 101), the visitor is signed out without asking: the answer
 * is written where the session check would have put it, and no request waits for it.
 *
 * `queries: false` starts no query (the build's markup of the screen, prerender/, has no server).
 *
 * It answers two promises, both settling (a failure is the route's to show when it renders and
 * asks again): `code`, when the screen's code and texts are in (or failed), which the page load
 * waits for before its first render so the screen appears whole instead of after a spinner; and
 * `settled`, when all it started has settled, for tests.
 */
export function startFirstQueries(
  client: QueryClient,
  pathname: string,
  { signedOut = false, search = '', queries = true }: { signedOut?: boolean; search?: string; queries?: boolean } = {},
): { code: Promise<void>; settled: Promise<void> } {
  if (signedOut) client.setQueryData(currentUserQuery.queryKey, null);
  const session = signedOut ? Promise.resolve(null) : client.fetchQuery(currentUserQuery);
  const started: Promise<unknown>[] = [session];
  let code: Promise<unknown> = Promise.resolve();
  const entry = ROUTES.find((route) => matchPath(route.path, pathname));
  const match = entry && matchPath(entry.path, pathname);
  if (entry && match) {
    const { screen } = entry;
    if (screen.kind === 'lazy') code = screen.load();
    if (screen.kind === 'by-session') code = session.then((user) => (user ? screen.signedIn : screen.signedOut).load());
    started.push(code);
    // A signed-out visitor is sent to sign in from a guarded page: its code starts, nothing waits for it.
    if (signedOut && entry.access !== 'public') code = Promise.resolve();
    if (queries)
      for (const start of entry.firstQueries?.(match.params, new URLSearchParams(search), { signedOut }) ?? [])
        started.push(Promise.resolve(start(client)));
  }
  const settle = (promises: Promise<unknown>[]) => Promise.allSettled(promises).then(() => undefined);
  return { code: settle([code]), settled: settle(started) };
}
