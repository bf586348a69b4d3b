// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useScrollRestoration } from './scroll-restoration';

const STORAGE_KEY = 'medora:scroll-positions';

function Shell() {
  useScrollRestoration();
  return null;
}

/** A page load of the given kind, as the browser's navigation timing names it. */
function load(type: NavigationTimingType) {
  vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ type } as PerformanceNavigationTiming]);
  const router = createMemoryRouter([{ path: '/doctors', element: <Shell /> }], { initialEntries: ['/doctors'] });
  render(<RouterProvider router={router} />);
}

const scrollTo = vi.fn((_x: number, y: number) => {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
});

beforeEach(() => {
  sessionStorage.clear();
  vi.stubGlobal('scrollTo', scrollTo);
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  scrollTo.mockClear();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('scroll positions across page loads', () => {
  it('a reload returns to where the page was left', () => {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ 'default /doctors': 640 }));
    load('reload');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);
  });

  it('a page opened afresh starts at the top without reading the tab storage, and keeps what it held', () => {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ 'abc /appointments': 300 }));
    const read = vi.spyOn(Storage.prototype, 'getItem');
    load('navigate');
    expect(scrollTo).not.toHaveBeenCalledWith(0, 300);
    expect(read).not.toHaveBeenCalledWith(STORAGE_KEY);

    act(() => {
      scrollTo(0, 220);
      window.dispatchEvent(new Event('scroll'));
    });
    window.dispatchEvent(new Event('pagehide'));
    expect(JSON.parse(sessionStorage.getItem(STORAGE_KEY)!)).toEqual({
      'abc /appointments': 300,
      'default /doctors': 220,
    });
  });
});
