// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useScrollRestoration } from './scroll-restoration';

let navigate: ReturnType<typeof useNavigate>;
function Shell() {
  useScrollRestoration();
  navigate = useNavigate();
  return null;
}

const scrollTo = vi.fn((_x: number, y: number) => {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
});
const scrollBy = (y: number) => act(() => scrollTo(0, y));
const lastY = () => scrollTo.mock.lastCall?.[1];

beforeEach(() => {
  sessionStorage.clear();
  vi.stubGlobal('scrollTo', scrollTo);
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  const router = createMemoryRouter(
    ['/', '/doctors', '/doctors/:id', '/appointments'].map((path) => ({ path, element: <Shell /> })),
  );
  render(<RouterProvider router={router} />);
  scrollTo.mockClear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('scroll on navigation', () => {
  it('starts every new page at the top', async () => {
    await scrollBy(900);
    await act(() => navigate('/doctors'));
    expect(lastY()).toBe(0);
    await scrollBy(400);
    await act(() => navigate('/appointments', { replace: true }));
    expect(lastY()).toBe(0);
  });

  it('brings Back and Forward to where each page was left', async () => {
    await act(() => navigate('/doctors'));
    await scrollBy(1200);
    await act(() => navigate('/doctors/42'));
    await scrollBy(300);
    await act(() => navigate(-1));
    expect(lastY()).toBe(1200);
    await act(() => navigate(1));
    expect(lastY()).toBe(300);
  });

  it('keeps the position when only the query changes (filters)', async () => {
    await act(() => navigate('/doctors'));
    await scrollBy(700);
    scrollTo.mockClear();
    await act(() => navigate('/doctors?specialty=Cardiology', { replace: true }));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
