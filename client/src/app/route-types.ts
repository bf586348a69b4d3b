import type { FetchInfiniteQueryOptions, FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { ClientMessageKey } from '@common/i18n/keys';
import { ensureAreas } from '../lib/i18n/areas';

/** The shape of the route list in ./route-table.ts. */

/** Starts one query of a screen, with its own query function (a feature's queryOptions). */
export type FirstQuery = (client: QueryClient) => Promise<void>;
export const prefetch =
  <T, K extends QueryKey>(options: FetchQueryOptions<T, Error, T, K>): FirstQuery =>
  (client) =>
    client.prefetchQuery(options);
export const prefetchPages =
  <T, K extends QueryKey, P>(options: FetchInfiniteQueryOptions<T, Error, T, K, P>): FirstQuery =>
  (client) =>
    client.prefetchInfiniteQuery(options);

export type RouteAccess = 'public' | 'user' | 'doctor' | 'admin' | 'user-or-login';

/** A screen in its own chunk, loaded on the first visit to one of its paths. */
export type LazyScreen = { kind: 'lazy'; load: () => Promise<ComponentType> };

export type RouteScreen =
  | LazyScreen
  /** An area not built yet: "This part of Medora is on its way" under the route's title. */
  | { kind: 'planned' }
  | { kind: 'redirect'; to: string }
  /** Two screens at one path, by whether someone is signed in. */
  | { kind: 'by-session'; signedIn: LazyScreen; signedOut: LazyScreen };

export type RouteEntry = {
  path: string;
  access: RouteAccess;
  /** The tab's title in English, the spec's words. */
  title: string;
  /**
   * The same title from the screen's own text area (docs/languages.md): shown in the viewer's
   * language once the area has arrived with the screen's code, in English until then.
   */
  titleKey?: ClientMessageKey;
  screen: RouteScreen;
  /** What the sign-in page says it is for when this page sent the visitor there ("Sign in to see your appointments"). */
  signInKey?: ClientMessageKey;
  /** A signed-out visitor is told why before going to sign in, instead of going at once. */
  explainSignIn?: boolean;
  /**
   * The queries the screen asks for first, by the path's parameters and the URL's query: on a page
   * load they start alongside the screen's code instead of after it has arrived (./first-queries.ts).
   * `signedOut` is true only when the page said so (no session cookie came with it).
   */
  firstQueries?: (
    params: Record<string, string | undefined>,
    search: URLSearchParams,
    visitor: { signedOut: boolean },
  ) => FirstQuery[];
};

/** The module's named export must exist and be a component, or this does not compile. */
export const lazyScreen = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): LazyScreen => {
  // One load, shared by the page load's early start (./first-queries.ts) and the route's render.
  let loading: Promise<ComponentType> | undefined;
  return {
    kind: 'lazy',
    load: () =>
      (loading ??= load()
        // The module's evaluation registered the text areas it uses (textsFor); they arrive before it renders.
        .then(async (module) => {
          await ensureAreas();
          return module[name];
        })
        .catch((error: unknown) => {
          // A failed fetch (offline, a new release) is tried again by the next visit.
          loading = undefined;
          throw error;
        })),
  };
};

export const PLANNED: RouteScreen = { kind: 'planned' };
