// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { ROUTES } from './route-table';
import type { LazyScreen, RouteAccess } from './route-types';

/** Who may open what; changing a guard should be a visible change to this test too. */
const ACCESS: Record<RouteAccess, string[]> = {
  public: [
    '/',
    '/outbreak',
    '/specialties',
    '/doctors',
    '/find-doctors',
    '/doctors/:id',
    '/verify/:code',
    '/about',
    '/privacy-policy',
    '/privacy',
    '/terms',
    '/signup',
    '/join-doctors',
    '/join-patients',
    '/login',
    '/login/choose-role',
    '/verify-email',
    '/forgot-password',
    '/reset-password',
    '/take-over',
    '*',
  ],
  'user-or-login': ['/referrals'],
  user: [
    '/appointments',
    '/messages',
    '/messages/:id',
    '/my-documents',
    '/book-appointment',
    '/consultation',
    '/consultation/:id',
    '/checkout',
    '/outbreak-pdf-checkout',
    '/profile',
    '/mfa-setup',
    '/video-consultations',
  ],
  doctor: ['/dashboard', '/doctor/appointments', '/visit-notes/:id', '/profile-builder', '/profile/setup'],
  admin: ['/admin', '/outreach-analytics'],
};

const lazyScreens = (): [string, LazyScreen][] =>
  ROUTES.flatMap(({ path, screen }) => {
    if (screen.kind === 'lazy') return [[path, screen]];
    if (screen.kind === 'by-session')
      return [
        [`${path} (signed in)`, screen.signedIn],
        [`${path} (signed out)`, screen.signedOut],
      ];
    return [];
  });

describe('the route list', () => {
  it('has each path once', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('keeps every path with its guard', () => {
    const actual: Record<string, string[]> = {};
    for (const route of ROUTES) (actual[route.access] ??= []).push(route.path);
    expect(actual).toEqual(ACCESS);
  });

  it('has a built screen behind every route, no placeholder left', () => {
    const planned = ROUTES.filter((r) => r.screen.kind === 'planned').map((r) => r.path);
    expect(planned).toEqual([]);
  });

  it('tells a signed-out visitor why only on the doctor dashboard', () => {
    expect(ROUTES.filter((r) => r.explainSignIn).map((r) => r.path)).toEqual(['/dashboard']);
  });

  it('loads a component for every lazy screen', async () => {
    const loaded = await Promise.all(lazyScreens().map(async ([path, screen]) => [path, typeof (await screen.load())]));
    expect(loaded.filter(([, type]) => type !== 'function')).toEqual([]);
    expect(loaded.length).toBeGreaterThan(15);
  }, 30_000);
});
